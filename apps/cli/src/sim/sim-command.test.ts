import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCommands } from '../commands/command-spec.js';
import { simCommand } from '../commands/sim-command.js';
import type { SimReport } from '@engram/sim';

/** Runs `engram sim ARGS` in-process through the exported command module; returns stdout, stderr and the exit code. */
const sim = async (args: readonly string[]): Promise<{ code: number; out: string; err: string }> => {
  const program = new Command('engram').exitOverride();
  addCommands(program, [simCommand]);
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((t) => ((out += String(t)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((t) => ((err += String(t)), true));
  try {
    await program.parseAsync(['sim', ...args], { from: 'user' });
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  return { code, out, err };
};

afterEach(() => {
  process.exitCode = undefined;
});

describe('engram sim (command module, in-process)', () => {
  it('--json prints { detectors, efficacy } with recommended and anton figures for all nine detectors', async () => {
    const r = await sim(['--turns', '500', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as SimReport;
    expect(report.detectors.map((d) => d.detector)).toHaveLength(9);
    for (const d of report.detectors) {
      for (const p of [d.recommended, d.anton]) for (const x of [p.precision, p.recall, p.f1]) expect(typeof x).toBe('number');
      expect(d.sweep.length).toBeGreaterThan(0);
    }
    expect(report.efficacy.withoutLearning).toHaveLength(report.efficacy.sessions);
    expect(report.efficacy.runs.map((x) => x.profile)).toEqual(['anton', 'recommended']);
  });

  it('prints a terminal table by default, and --sweep replaces a detector grid', async () => {
    const r = await sim(['--turns', '300', '--sweep', 'acc.kill-loop.minKills=1..4']);
    expect(r.code).toBe(0);
    for (const s of ['detector', 'acc.kill-loop', 'anton', 'learning off', 'learning on (anton)', 'reduction']) expect(r.out).toContain(s);
    const json = JSON.parse((await sim(['--turns', '300', '--json', '--sweep', 'acc.kill-loop.minKills=1..4'])).out) as SimReport;
    expect(json.detectors.find((d) => d.detector === 'acc.kill-loop')?.sweep.map((p) => p.params)).toEqual([1, 2, 3, 4].map((minKills) => ({ minKills })));
  });

  it('--mix changes the scenario mix and --p the efficacy model; a bad --mix exits 2 naming it', async () => {
    const report = JSON.parse((await sim(['--turns', '200', '--json', '--mix', 'noise=0.2', '--mix', 'maxRounds=8', '--p', '0.5'])).out) as SimReport;
    expect(report.mix).toMatchObject({ noise: 0.2, maxRounds: 8 });
    expect(report.efficacy.p).toBe(0.5);
    const bad = await sim(['--turns', '10', '--mix', 'noise=2']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--mix noise=2: noise is a chance, from 0 to 1/);
  });

  it('exits 2 naming the bad part of a --sweep', async () => {
    const r = await sim(['--turns', '10', '--sweep', 'acc.kill-loop.minKills=3..1']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/--sweep acc.kill-loop.minKills=3..1: range "3..1" runs backwards/);
  });

  it('--save-profile writes the recommended params as a named profile, and refuses to overwrite anton', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-sim-')), 'tuned.json');
    const r = await sim(['--turns', '300', '--json', '--save-profile', 'tuned', file]);
    expect(r.code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { name: string; params: Record<string, unknown>; evidence: { command: string } };
    expect(saved.name).toBe('tuned');
    expect(saved.params).toHaveProperty('minKills');
    expect(saved.evidence.command).toBe('engram sim --turns 300 --seed 1');
    const refused = await sim(['--turns', '10', '--save-profile', 'anton', file]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/built-in profile "anton" cannot be overwritten/);
  });
});
