import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

const CASSETTE = join(ROOT, 'tests/fixtures/run/fails-repeatedly.cassette.json');
const SIGNATURE = 'acc.repeated-error-signature';

const roots = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-acc-profile-'));
  return { root, home: join(root, 'home'), project: join(root, 'project') };
};

/** A profile as `engram sim --save-profile` writes it, with one threshold changed. */
const profile = (name: string, params: Record<string, unknown>) => JSON.stringify({ name, basedOn: 'anton', params, evidence: { command: 'engram sim --turns 2000 --seed 1' } });

const run = (r: ReturnType<typeof roots>, extra: readonly string[] = []) => {
  const out = runCli(['run', '--task', 'Load missing.csv', '--llm', `scripted:${CASSETTE}`, '--json', '--home', r.home, '--project', r.project, ...extra]);
  return { ...out, json: out.status === 0 ? (JSON.parse(out.stdout) as { eventLog: string; lessons: { id: string }[] }) : null };
};

describe('a detector profile is the live behaviour (built CLI)', () => {
  it('--acc-profile raising a threshold stops a lesson firing; the log records the thresholds and replays exactly', () => {
    const plain = run(roots());
    expect(plain.json?.lessons.map((l) => l.id)).toContain(SIGNATURE);

    const r = roots();
    const file = join(r.root, 'tuned.json');
    writeFileSync(file, profile('tuned', { minSignatureRepeats: 10 }));
    const tuned = run(r, ['--acc-profile', file]);
    expect(tuned.stderr).toBe('');
    expect(tuned.json?.lessons.map((l) => l.id)).not.toContain(SIGNATURE);
    const events = readLogFile(tuned.json?.eventLog ?? '').events;
    const configured = events.find((e) => e.type === 'acc.params.configured');
    expect(configured?.type === 'acc.params.configured' && [configured.data.profile, configured.data.params.minSignatureRepeats]).toEqual(['tuned', 10]);
    // Replay derives the same (no lesson) from the recorded thresholds, not from the defaults.
    expect(runCli(['replay', tuned.json?.eventLog ?? '', '--check']).status).toBe(0);
  });

  it('<project>/.engram/acc.json is read when present (what the hooks and createBrain use)', () => {
    const r = roots();
    mkdirSync(join(r.project, '.engram'), { recursive: true });
    writeFileSync(join(r.project, '.engram', 'acc.json'), profile('project-tuned', { minSignatureRepeats: 10 }));
    const tuned = run(r);
    expect(tuned.json?.lessons.map((l) => l.id)).not.toContain(SIGNATURE);
  });

  it('a bad profile exits 2 naming the file and the field', () => {
    const r = roots();
    const file = join(r.root, 'typo.json');
    writeFileSync(file, profile('typo', { minSignatureRepeat: 10 }));
    const bad = run(r, ['--acc-profile', file]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(file);
    expect(bad.stderr).toContain('minSignatureRepeat');
    writeFileSync(file, profile('low', { minKills: 0 }));
    const low = runCli(['demo', '--json', '--home', join(r.root, 'demo'), '--acc-profile', file]);
    expect(low.status).toBe(2);
    expect(low.stderr).toMatch(/typo\.json: field "params\.minKills"/);
  });
});
