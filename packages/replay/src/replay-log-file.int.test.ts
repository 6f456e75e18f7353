import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draft, type AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { recordSession, type RecordedInput } from './record-session.js';
import { replayLogFile } from './replay-log-file.js';
import { replayParamsFor } from './replay-params.js';
import { replaySession } from './replay-session.js';
import { syntheticEffects, syntheticTurn } from './synthetic-session.js';

const dir = mkdtempSync(join(tmpdir(), 'engram-replay-file-'));
let files = 0;

const record = (turns: number): AnyEnvelope[] => {
  const inputs: RecordedInput[] = [{ draft: draft('executive.session.started', { project: '/p', home: '/h', modes: { memory: 'autopilot', acc: 'active' } }), turn: 0, round: 0 }];
  for (let t = 1; t <= turns; t++) inputs.push(...syntheticTurn(t));
  return recordSession(inputs, replayParamsFor([]), { sessionId: '20261122_031500_file', effects: syntheticEffects() });
};

/** A recorded model failure inserted after event `at`, seq renumbered: a session that had a model. */
const withModelAt = (events: readonly AnyEnvelope[], at: number): AnyEnvelope[] => {
  const base = events[at] as AnyEnvelope;
  const llm = { ...base, id: 'llm-1', type: 'llm.call.failed', source: 'llm', v: 1, causationId: null, data: { callId: 'c', provider: 'p', model: 'm', role: 'coding', purpose: 'turn', reason: 'network', message: 'down', attempts: 1, latencyMs: 1 } } as unknown as AnyEnvelope;
  return [...events.slice(0, at + 1), llm, ...events.slice(at + 1)].map((e, i) => ({ ...e, seq: i + 1 }));
};

const write = (lines: readonly string[]): string => {
  const file = join(dir, `log-${files++}.jsonl`);
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return file;
};

const replayed = (file: string) => {
  const r = replayLogFile(file, { check: true });
  if (!r.ok) throw new Error(`unreadable: ${String(r.error)}`);
  return r;
};

describe('replayLogFile', () => {
  it('reports what replaySession reports for the events read, with and without a model (early or last)', () => {
    const events = record(6);
    for (const log of [events, withModelAt(events, 2), withModelAt(events, events.length - 1)]) {
      const r = replayed(write(log.map((e) => JSON.stringify(e))));
      expect(r.problems).toEqual([]);
      expect(r.replay).toEqual(replaySession(log, { check: true }));
    }
    expect(replayed(write(withModelAt(events, 2).map((e) => JSON.stringify(e)))).replay.postMortem).toBe('llm');
  });

  it('finds the divergences of a log with a model as replaySession does: the pass that assumed none is dropped, not merged', () => {
    const log = withModelAt(record(6), 5);
    const i = log.findIndex((e, j) => j > 5 && e.type === 'acc.nudge.emitted');
    expect(i).toBeGreaterThan(5);
    const edited = log.filter((_, j) => j !== i).map((e, j) => ({ ...e, seq: j + 1 }));
    const r = replayed(write(edited.map((e) => JSON.stringify(e))));
    expect(r.replay.postMortem).toBe('llm');
    expect(r.replay.divergences).toContainEqual(expect.objectContaining({ kind: 'missing', expected: { type: 'acc.nudge.emitted', data: log[i]?.data } }));
    expect(r.replay).toEqual(replaySession(edited, { check: true }));
  });

  it('reports a bad line as file:line with its field and replays the rest; an unreadable file is not ok', () => {
    const lines = record(2).map((e) => JSON.stringify(e));
    const file = write([lines[0] ?? '', '{not json', ...lines.slice(1)]);
    const r = replayed(file);
    expect(r.problems).toEqual([expect.objectContaining({ file, line: 2, field: '(line)', problem: expect.stringMatching(/^not valid JSON/) as unknown })]);
    expect(r.replay.divergences).toEqual([]);
    expect(r.replay.events).toBe(lines.length);
    expect(replayLogFile(join(dir, 'missing.jsonl'), { check: true })).toMatchObject({ ok: false });
  });

  it('stays exact when the log changes between passes: the model event read first is gone on the second read', () => {
    // Several read chunks (1 MiB each), the model event in the last: the first pass stops there,
    // before its last progress report; the log is rewritten at the second pass's first report, so
    // that pass finds no model event, and a third pass reads what is there now.
    let events = record(40);
    while (events.map((e) => JSON.stringify(e)).join('\n').length < 1.5 * 2 ** 20) events = [...events, ...record(40).map((e) => ({ ...e, id: `${e.id}-${events.length}` }))].map((e, i) => ({ ...e, seq: i + 1 }));
    const at = events.length - 3;
    const log = withModelAt(events, at);
    const file = write(log.map((e) => JSON.stringify(e)));
    const modelLine = at + 2;
    /** Bytes read at each progress report, per pass (a pass starts over at the top of the file). */
    const passes: number[][] = [];
    let size = 0;
    const r = replayLogFile(file, {
      check: true,
      onProgress: (done, total) => {
        size = total;
        const current = passes.at(-1);
        if (current === undefined || done <= (current.at(-1) ?? 0)) passes.push([done]);
        else current.push(done);
        // Same length, so the second pass reads on from the same offset.
        if (passes.length === 2 && passes[1]?.length === 1) writeFileSync(file, readFileSync(file, 'utf8').replace('"type":"llm.call.failed"', '"type":"llm.call.zzzzzz"'));
      },
    });
    if (!r.ok) throw new Error('unreadable');
    const now = readLogFile(file).events;
    expect(now.some((e) => e.type === 'llm.call.failed')).toBe(false);
    expect(r.replay.postMortem).toBe('classifier');
    expect(r.replay).toEqual(replaySession(now, { check: true }));
    expect(r.problems).toEqual([expect.objectContaining({ line: modelLine, field: 'type' })]);
    expect(passes).toHaveLength(3);
    expect(passes[0]?.at(-1)).toBeLessThan(size);
    expect([passes[1]?.at(-1), passes[2]?.at(-1)]).toEqual([size, size]);
  });
});
