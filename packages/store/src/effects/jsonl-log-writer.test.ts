import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent, buildStream } from '@engram/events/testing';
import { sequentialIds } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { JsonlLogWriter } from './jsonl-log-writer.js';
import { readLogFile } from './read-log-file.js';

const SESSION = '20261122_031500_ab12';
const tmpFile = () => join(mkdtempSync(join(tmpdir(), 'engram-writer-')), 'events', `${SESSION}.jsonl`);

/** The seq a new writer gives its first event after a log of two events and then `line` (written by hand). */
const seqAfterTwoEventsAnd = async (line: string): Promise<number | undefined> => {
  const file = tmpFile();
  const w = new JsonlLogWriter(file, SESSION);
  await w.append(buildStream([['executive.turn.started'], ['executive.round.started']]));
  w.close();
  appendFileSync(file, line);
  const w2 = new JsonlLogWriter(file, SESSION);
  const seq = (await w2.append([buildEvent('executive.turn.completed')]))[0]?.seq;
  w2.close();
  return seq;
};

describe('JsonlLogWriter', () => {
  it('creates the folder and a file private to the user', async () => {
    const file = tmpFile();
    const w = new JsonlLogWriter(file, SESSION);
    await w.append([buildEvent('executive.turn.started')]);
    w.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
  });

  it('a line copied to the tail does not make the next writer reuse seqs: seq follows the highest one read', async () => {
    const file = tmpFile();
    const first = new JsonlLogWriter(file, SESSION);
    await first.append(buildStream([['executive.turn.started'], ['executive.round.started'], ['executive.round.completed']]));
    first.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    appendFileSync(file, `${lines[0] ?? ''}\n`); // seq 1 again, pasted by hand
    const second = new JsonlLogWriter(file, SESSION);
    const stored = await second.append([buildEvent('executive.turn.completed')]);
    second.close();
    expect(stored.map((e) => e.seq)).toEqual([4]);
  });

  it('makes an existing 0644 log private before appending to it', async () => {
    const file = tmpFile();
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const w = new JsonlLogWriter(file, SESSION);
    await w.append([buildEvent('executive.turn.started')]);
    w.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a log file that is a link, writing nothing to its target', async () => {
    const file = tmpFile();
    mkdirSync(join(file, '..'), { recursive: true });
    const target = join(mkdtempSync(join(tmpdir(), 'engram-elsewhere-')), 'x.jsonl');
    writeFileSync(target, '');
    symlinkSync(target, file);
    const w = new JsonlLogWriter(file, SESSION);
    await expect(w.append([buildEvent('executive.turn.started')])).rejects.toThrow(/is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('');
  });

  it('cuts a torn tail back to the last complete event and records the repair', async () => {
    const file = tmpFile();
    const first = new JsonlLogWriter(file, SESSION);
    await first.append(buildStream([['executive.turn.started'], ['executive.round.started']]));
    first.close();
    appendFileSync(file, '{"seq":3,"id":"half-writ');
    const second = new JsonlLogWriter(file, SESSION, { ids: sequentialIds('repair') });
    const stored = await second.append([buildEvent('executive.turn.completed')]);
    second.close();
    expect(stored.map((e) => [e.seq, e.type])).toEqual([
      [3, 'store.log.repaired'],
      [4, 'executive.turn.completed'],
    ]);
    expect(stored[0]?.data).toEqual({ file, truncatedBytes: 24, lastSeq: 2, tornText: '{"seq":3,"id":"half-writ' });
    const r = readLogFile(file);
    expect(r.problems).toEqual([]);
    expect(r.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a last event that lost only its newline', async () => {
    const file = tmpFile();
    const w = new JsonlLogWriter(file, SESSION);
    await w.append([buildEvent('executive.turn.started')]);
    w.close();
    appendFileSync(file, JSON.stringify(buildEvent('executive.round.started', {}, { seq: 2 })));
    const w2 = new JsonlLogWriter(file, SESSION);
    await w2.append([buildEvent('executive.turn.completed')]);
    w2.close();
    expect(readLogFile(file).events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'executive.turn.started'],
      [2, 'executive.round.started'],
      [3, 'executive.turn.completed'],
    ]);
  });

  it('two writers on one file interleave batches without reusing a seq', async () => {
    const file = tmpFile();
    const a = new JsonlLogWriter(file, SESSION);
    const b = new JsonlLogWriter(file, SESSION);
    const batches = Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).append(buildStream([['executive.cap.exhausted'], ['executive.cap.exhausted']])));
    await Promise.all(batches);
    a.close();
    b.close();
    const r = readLogFile(file);
    expect(r.problems).toEqual([]);
    expect(r.events.map((e) => e.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
  });

  it('learns the tail from the file when another writer appended since', async () => {
    const file = tmpFile();
    const a = new JsonlLogWriter(file, SESSION);
    const b = new JsonlLogWriter(file, SESSION);
    await a.append([buildEvent('executive.turn.started')]);
    await b.append([buildEvent('executive.round.started')]);
    const stored = await a.append([buildEvent('executive.turn.completed')]);
    expect(stored[0]?.seq).toBe(3);
    a.close();
    b.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('goes past the seq of a line near the tail that is no valid event: a seq on a line is taken', async () => {
    expect(await seqAfterTwoEventsAnd('{"seq":7,"type":"no.such.event"}\n')).toBe(8);
  });

  it('continues after a corrupt last line without reusing its predecessor seq', async () => {
    expect(await seqAfterTwoEventsAnd('garbage that is not json\n')).toBe(3);
  });
});
