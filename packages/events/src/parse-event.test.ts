import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvent, validateData } from './parse-event.js';
import { buildEvent } from './testing/build-event.js';

describe('parseEvent', () => {
  it('accepts a valid envelope and returns typed data', () => {
    const e = buildEvent('scratchpad.cell.killed', { reason: 'Cell killed: liveness check failed' });
    const r = parseEvent(JSON.parse(JSON.stringify(e)));
    expect(r).toEqual({ ok: true, event: e });
  });

  it('refuses an unknown type, naming the field', () => {
    const r = parseEvent({ ...buildEvent('executive.turn.started'), type: 'executive.turn.exploded' });
    expect(r).toEqual({ ok: false, issues: [{ field: 'type', problem: 'unknown event type "executive.turn.exploded"' }] });
  });

  it('names the bad data field with its path', () => {
    const bad = { ...buildEvent('scratchpad.cell.executed'), data: { ...buildEvent('scratchpad.cell.executed').data, stdoutLength: -1 } };
    const r = parseEvent(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.field)).toEqual(['data.stdoutLength']);
  });

  it('names bad envelope fields', () => {
    const r = parseEvent({ ...buildEvent('executive.turn.started'), seq: 0, at: 'yesterday' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.field).sort()).toEqual(['at', 'seq']);
  });

  it('refuses a source that does not match the type', () => {
    const r = parseEvent({ ...buildEvent('executive.turn.started'), source: 'acc' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.field).toBe('source');
  });

  it('refuses a version newer than the catalog', () => {
    const r = parseEvent({ ...buildEvent('executive.turn.started'), v: 9 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.field).toBe('v');
  });

  it('reads a v1 tool result fixture through the upcaster', () => {
    const lines = readFileSync(new URL('./__fixtures__/tool-resulted-v1.jsonl', import.meta.url), 'utf8').trim().split('\n');
    const events = lines.map((l) => parseEvent(JSON.parse(l)));
    const data = events.map((r) => (r.ok && r.event.type === 'executive.tool.resulted' ? [r.event.v, r.event.data.ok, r.event.data.error] : r));
    expect(data).toEqual([
      [2, false, "Refusing to save record for engine='gmail-1'"],
      [2, true, ''],
      [2, false, 'ENOENT /x'],
    ]);
  });

  it('reads a v1 breaker verdict (keyed on the tool alone) through the upcaster: about the tool as a whole', () => {
    const [line] = readFileSync(new URL('./__fixtures__/tool-guarded-v1.jsonl', import.meta.url), 'utf8').trim().split('\n');
    const r = parseEvent(JSON.parse(line ?? ''));
    expect(r.ok && r.event.type === 'executive.tool.guarded' && [r.event.v, r.event.data.action, r.event.data.failures, r.event.data.inputSignature]).toEqual([2, 'blocked', 3, '']);
    const bad = parseEvent({ ...JSON.parse(line ?? ''), data: { toolUseId: 't', name: 'Bash' } });
    expect(bad.ok).toBe(false);
  });

  it('reports v1 data that cannot be upcast', () => {
    const r = parseEvent({ ...buildEvent('executive.tool.resulted'), v: 1, data: { success: 'yes' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.field).toBe('data');
  });
});

describe('validateData', () => {
  it('returns no issue for valid data and names the field otherwise', () => {
    expect(validateData('executive.cap.exhausted', { cap: 25 })).toEqual([]);
    expect(validateData('executive.cap.exhausted', { cap: 'many' }).map((i) => i.field)).toEqual(['data.cap']);
    expect(validateData('nope.nope.nope', {})[0]?.field).toBe('type');
  });
});
