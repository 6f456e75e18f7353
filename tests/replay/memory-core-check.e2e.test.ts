import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

/**
 * `engram replay --check` proves what the memory core decided (issue 27): a retirement
 * (`hippocampus.engram.superseded`), a contradiction (`cortex.engram.contradicted`) and what the
 * memory block injected (`cortex.context.injected`) are re-derived from the recorded reads, so an
 * altered one fails the check, naming the event and the field. Before the memory core these were
 * read as given and any alteration passed. A log without the reads (older logs) still passes, and
 * the check says which events it read as given.
 */

const lines = (file: string): AnyEnvelope[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as AnyEnvelope);
const write = (file: string, events: readonly AnyEnvelope[]): string => {
  writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  return file;
};

/** The one log in a project's events folder. */
const onlyLog = (project: string): string => {
  const dir = join(project, '.engram', 'events');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  return join(dir, files[0] ?? '');
};

/** `data` with one field changed, as someone editing the log would. */
const altered = (events: readonly AnyEnvelope[], type: string, change: (data: Record<string, unknown>) => void): AnyEnvelope[] => {
  const at = events.findIndex((e) => e.type === type);
  expect(at).toBeGreaterThanOrEqual(0);
  return events.map((e, i) => {
    if (i !== at) return e;
    const data = structuredClone(e.data) as Record<string, unknown>;
    change(data);
    return { ...e, data } as AnyEnvelope;
  });
};

describe('engram replay --check proves the memory core (built CLI, logs of `memory add` and `run`)', () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-memcore-'));
  let addLog = '';
  let runLog = '';

  beforeAll(() => {
    // The user stores a rule, then contradicts it: the new rule wins (same trust) and retires the old one.
    const home = join(work, 'add', 'home');
    const project = join(work, 'add', 'p');
    for (const [kind, text] of [['always', 'Always use tabs'], ['never', 'Never use tabs']]) {
      const r = runCli(['memory', 'add', '--kind', kind ?? '', '--scope', 'project', text ?? '', '--home', home, '--project', project]);
      expect([r.status, r.stderr]).toEqual([0, '']);
    }
    addLog = onlyLog(project);
    // A session whose memory block shows a stored rule.
    const runHome = join(work, 'run', 'home');
    const runProject = join(work, 'run', 'p');
    expect(runCli(['memory', 'add', '--kind', 'always', '--scope', 'project', 'Always read the data in chunks', '--home', runHome, '--project', runProject]).status).toBe(0);
    const r = runCli(['run', '--task', 'Load the data', '--llm', `scripted:${join(ROOT, 'tests/fixtures/run/answer-42.cassette.json')}`, '--json', '--home', runHome, '--project', runProject]);
    expect(r.status).toBe(0);
    runLog = (JSON.parse(r.stdout) as { eventLog: string }).eventLog;
  }, 180_000);

  it('the logs hold the reads and the three reports, and --check passes on them unaltered', () => {
    expect(lines(addLog).map((e) => e.type)).toEqual(['cortex.candidates.read', 'cortex.engram.contradicted', 'hippocampus.engram.superseded']);
    const run = lines(runLog);
    const read = run.find((e) => e.type === 'cortex.context.read');
    expect(run.find((e) => e.type === 'cortex.context.injected')?.causationId).toBe(read?.id);
    for (const log of [addLog, runLog]) {
      const r = runCli(['replay', log, '--check']);
      expect([log, r.status, r.stderr]).toEqual([log, 0, '']);
      expect(r.stdout).toContain('check: ok');
      expect(r.stdout).not.toContain('given, not checked');
    }
  });

  const cases: readonly { readonly type: string; readonly field: string; readonly log: () => string; readonly change: (d: Record<string, unknown>) => void }[] = [
    { type: 'hippocampus.engram.superseded', field: 'text', log: () => addLog, change: (d) => void (d['text'] = 'Always use spaces') },
    { type: 'cortex.engram.contradicted', field: 'verdict', log: () => addLog, change: (d) => void (Object.assign(d, { verdict: 'pending', pendingId: null })) },
    {
      type: 'cortex.context.injected',
      field: 'items',
      log: () => runLog,
      change: (d) => void ((d['items'] as { text: string }[])[0] = { ...(d['items'] as { id: string; kind: string; text: string; why: string }[])[0], text: 'Always delete the data' } as { text: string }),
    },
  ];

  for (const c of cases)
    it(`fails on an altered ${c.type}, naming the event and data.${c.field}`, () => {
      const file = write(join(work, `${c.type}.jsonl`), altered(lines(c.log()), c.type, c.change));
      const r = runCli(['replay', file, '--check']);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('check: FAILED');
      expect(r.stdout).toContain(`differs from what was derived in data.${c.field}`);
      expect(r.stdout).toContain(`actual:   ${c.type}`);
      expect(r.stderr).toContain('1 divergence');
      const json = JSON.parse(runCli(['replay', file, '--check', '--json']).stdout) as { check: { ok: boolean; divergences: number } };
      expect(json.check).toEqual({ ok: false, divergences: 1 });
    });

  it('reads the reports of a log without the reads (an older log) as given, passes, and says so', () => {
    const older = write(join(work, 'older.jsonl'), altered(lines(addLog), 'hippocampus.engram.superseded', (d) => void (d['text'] = 'Always use spaces')).filter((e) => e.type !== 'cortex.candidates.read'));
    const r = runCli(['replay', older, '--check']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('given, not checked: 1 cortex.engram.contradicted');
    expect(r.stdout).toContain('given, not checked: 1 hippocampus.engram.superseded');
    const json = JSON.parse(runCli(['replay', older, '--check', '--json']).stdout) as { logs: { given: { type: string; count: number }[] }[] };
    expect(json.logs[0]?.given.map((g) => [g.type, g.count])).toEqual([
      ['cortex.engram.contradicted', 1],
      ['hippocampus.engram.superseded', 1],
    ]);
  });
});
