import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCommands } from './command-spec.js';
import { replayCommand } from './replay-command.js';

const dir = mkdtempSync(path.join(tmpdir(), 'engram-replay-'));
const traceFile = (name: string, trace: unknown): string => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof trace === 'string' ? trace : JSON.stringify(trace));
  return file;
};

const nameSwitch = [
  { kind: 'scratchpad_call', detail: { name: 'build_pres', code_len: 120 } },
  { kind: 'tool_call', detail: { name: 'scratchpad' }, round_idx: 1 },
  { kind: 'scratchpad_result', detail: { name: 'build_pres', success: true, error: '' } },
  { kind: 'scratchpad_call', detail: { name: 'write_html', code_len: 300 } },
];

describe('engram replay --format anton-acc (the command)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  const runCli = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
    let out = '';
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
    const program = new Command('engram').exitOverride().configureOutput({ writeErr: (t) => (err += t), writeOut: (t) => (out += t) });
    addCommands(program, [replayCommand]);
    try {
      await program.parseAsync(args, { from: 'user' });
      const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
      return { code, out, err };
    } catch {
      return { code: 2, out, err };
    } finally {
      vi.restoreAllMocks();
    }
  };

  it('prints the lessons as a JSON array with {id, detector, kind, rule, triggers}', async () => {
    const r = await runCli(['replay', traceFile('ns.json', nameSwitch), '--format', 'anton-acc', '--json']);
    expect(r.code).toBe(0);
    const lessons = JSON.parse(r.out) as Record<string, unknown>[];
    expect(lessons).toHaveLength(1);
    expect(Object.keys(lessons[0] ?? {})).toEqual(['id', 'detector', 'kind', 'rule', 'triggers']);
    expect(lessons[0]).toMatchObject({ id: 'acc.name-switch', detector: 'detect_name_switch', kind: 'always', triggers: ['scratchpad_call'] });
  });

  it('prints readable text without --json', async () => {
    const r = await runCli(['replay', traceFile('ns2.json', nameSwitch), '--format', 'anton-acc', '--nudges']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('acc.name-switch [always] (detect_name_switch; triggers: scratchpad_call)');
    expect(r.out).toContain('after event 3: detect_name_switch');
  });

  it('reports unknown kinds with their index on stderr and still succeeds', async () => {
    const r = await runCli(['replay', traceFile('unk.json', [{ kind: 'mystery' }, { kind: 'cap_exhausted', severity: 9 }]), '--format', 'anton-acc', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('event 0: unknown kind "mystery"; skipped');
    expect((JSON.parse(r.out) as { id: string }[]).map((l) => l.id)).toEqual(['acc.cap-exhausted']);
  });

  it('prints [] for an empty trace', async () => {
    const r = await runCli(['replay', traceFile('empty.json', []), '--format', 'anton-acc', '--json']);
    expect(r).toMatchObject({ code: 0 });
    expect(JSON.parse(r.out)).toEqual([]);
  });

  it('fails with exit 1 naming the file and the place on invalid JSON, and on a non-array', async () => {
    const bad = await runCli(['replay', traceFile('bad.json', '[\n  {"kind": "tool_call",,}\n]'), '--format', 'anton-acc']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/bad\.json: not valid JSON at line 2, column \d+/);
    const obj = await runCli(['replay', traceFile('obj.json', { kind: 'tool_call' }), '--format', 'anton-acc']);
    expect(obj.code).toBe(1);
    expect(obj.err).toContain('expected a JSON array');
    const missing = await runCli(['replay', path.join(dir, 'nope.json'), '--format', 'anton-acc']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('cannot read');
  });

  it('is a usage error (exit 2) with an unknown format (without --format, FILE is read as an engram log)', async () => {
    expect((await runCli(['replay', traceFile('u.json', []), '--format', 'engram-jsonl'])).code).toBe(2);
    expect((await runCli(['replay', traceFile('u2.json', []), traceFile('u3.json', []), '--format', 'anton-acc'])).code).toBe(2);
  });
});
