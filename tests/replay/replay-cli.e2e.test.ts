import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

/** Real logs: the demo's two sessions and `engram run` on both cassettes, in autopilot and copilot. */
const realLogs = (): string[] => {
  const root = mkdtempSync(join(tmpdir(), 'engram-replay-e2e-'));
  const demo = runCli(['demo', '--json', '--home', join(root, 'demo')]);
  expect(demo.stderr).toBe('');
  expect(demo.status).toBe(0);
  const logs = (JSON.parse(demo.stdout) as { sessions: { eventLog: string }[] }).sessions.map((s) => s.eventLog);
  const cassettes = ['answer-42', 'fails-repeatedly'];
  for (const [i, c] of cassettes.entries())
    for (const memory of ['autopilot', 'copilot']) {
      const dir = join(root, `run-${i}-${memory}`);
      const r = runCli(['run', '--task', 'Load the data', '--llm', `scripted:${join(ROOT, `tests/fixtures/run/${c}.cassette.json`)}`, '--json', '--home', join(dir, 'home'), '--project', join(dir, 'p')], { ENGRAM_MEMORY_MODE: memory });
      expect(r.status).toBe(0);
      logs.push((JSON.parse(r.stdout) as { eventLog: string }).eventLog);
    }
  return logs;
};

interface CheckJson {
  logs: { file: string; events: number; turns: { turn: number; accLessons: { lessonId: string }[] }[]; check: { ok: boolean; divergences: number; first: { kind: string; seq: number; fields: string[] } | null } }[];
  check: { ok: boolean; divergences: number };
}

describe('engram replay (built CLI, real logs)', () => {
  let logs: string[] = [];
  let demoFirst = '';
  const dir = mkdtempSync(join(tmpdir(), 'engram-replay-alter-'));
  beforeAll(() => {
    logs = realLogs();
    demoFirst = logs[0] ?? '';
  }, 180_000);

  it('--check passes on every log engram demo and engram run write, several at once', () => {
    const r = runCli(['replay', ...logs, '--check', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as CheckJson;
    expect(out.check).toEqual({ ok: true, divergences: 0 });
    expect(out.logs).toHaveLength(logs.length);
    expect(out.logs[0]?.turns[0]?.accLessons.map((l) => l.lessonId)).toContain('acc.name-switch');
  });

  it('prints per-turn text: detectors fired, nudges, lessons, proposals and encodings', () => {
    const r = runCli(['replay', demoFirst]);
    expect(r.status).toBe(0);
    for (const s of ['turn 1', 'detectors fired: detect_name_switch', 'nudge (round 2): acc.name-switch', 'lesson acc.kill-loop.heavy [when]', 'lesson cerebellum (llm', 'memory proposals (recorded): 6', 'encodings (recorded): 6']) expect(r.stdout).toContain(s);
  });

  it('fails on an edited lesson with the seq, the field, expected and actual, and the count', () => {
    const lines = readFileSync(demoFirst, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"acc.lesson.detected"'));
    const seq = (JSON.parse(lines[i] ?? '{}') as { seq: number }).seq;
    lines[i] = (lines[i] ?? '').replace('Use ONE scratchpad name', 'Use MANY scratchpad names');
    const altered = join(dir, 'edited.jsonl');
    writeFileSync(altered, lines.join('\n'));
    const r = runCli(['replay', altered, '--check']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`seq ${seq} (turn 1): differs from what was derived in data.rule`);
    expect(r.stdout).toContain('expected: acc.lesson.detected {"lessonId":"acc.name-switch"');
    expect(r.stdout).toMatch(/actual: {3}acc\.lesson\.detected .*Use MANY scratchpad names/);
    // The lesson's proposal is derived from the (edited) lesson, so the recorded proposal differs too.
    expect(r.stdout).toContain('check: FAILED, 2 divergences;');
    const j = JSON.parse(runCli(['replay', altered, '--check', '--json']).stdout) as CheckJson;
    expect(j.logs[0]?.check).toMatchObject({ ok: false, divergences: 2, first: { kind: 'different', seq, fields: ['rule'] } });
  });

  it('fails on a deleted derived event, naming the event it should have followed', () => {
    const lines = readFileSync(demoFirst, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"cerebellum.lesson.learned"'));
    const cause = (JSON.parse(lines[i] ?? '{}') as { causationId: string }).causationId;
    const causeSeq = (JSON.parse(lines.find((l) => l.includes(`"id":"${cause}"`)) ?? '{}') as { seq: number }).seq;
    const altered = join(dir, 'deleted.jsonl');
    writeFileSync(altered, lines.filter((_, j) => j !== i).join('\n'));
    const r = runCli(['replay', altered, '--check']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`after seq ${causeSeq} (turn 1): derived but not in the log`);
    expect(r.stdout).toContain('actual:   (nothing)');
    // The deleted lesson's recorded proposal is then one that nothing derived.
    expect(r.stderr).toContain('2 divergences between derived and recorded events');
  });

  it('--params: shows which lessons disappear; a bad file is exit 2 naming the field', () => {
    const params = join(dir, 'strict.json');
    writeFileSync(params, JSON.stringify({ 'acc.kill-loop': { minKills: 3 } }));
    const r = runCli(['replay', demoFirst, '--params', params]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('what-if (profile anton; acc.kill-loop {"minKills":3}):');
    expect(r.stdout).toContain('turn 1: -acc.kill-loop.heavy, -nudge acc.kill-loop.heavy');
    const profile = join(dir, 'profile.json');
    writeFileSync(profile, '"engram"');
    expect(runCli(['replay', demoFirst, '--params', profile, '--json']).status).toBe(0);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ 'acc.kill-loop': { minKills: 0 } }));
    const b = runCli(['replay', demoFirst, '--params', bad]);
    expect(b.status).toBe(2);
    expect(b.stderr).toContain('bad.json: field "acc.kill-loop.minKills": expected a whole number of at least 1, got 0');
  });

  it('reports a corrupt line with file and line and replays the rest; a missing log is exit 1', () => {
    const lines = readFileSync(logs.at(-1) ?? '', 'utf8').split('\n');
    const corrupt = join(dir, 'corrupt.jsonl');
    writeFileSync(corrupt, [lines[0], '{not json', ...lines.slice(1)].join('\n'));
    const r = runCli(['replay', corrupt, '--check', '--json']);
    expect(r.stderr).toContain('corrupt.jsonl:2: (line): not valid JSON');
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as CheckJson).check.ok).toBe(true);
    const missing = runCli(['replay', join(dir, 'nope.jsonl')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('cannot read');
  });
});
