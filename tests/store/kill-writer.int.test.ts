import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { REPO as ROOT, spawnTs } from '../support/ts-child.js';

const SESSION = '20261122_031500_ab12';
/** The killed writer leaves its lock behind; the next writer takes it once stale (5 s is proper-lockfile's minimum). */
const LOCK_STALE_MS = 5000;

const startWriter = (file: string) => spawnTs(join(ROOT, 'tests/store/append-forever.ts'), [file, SESSION], ['ignore', 'pipe', 'inherit']);

/** Kills the writer while it is stalled inside an append (it says "torn" there, see append-forever.ts). */
const killMidAppend = async (file: string): Promise<void> => {
  const child = startWriter(file);
  let said = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      said += d.toString();
      if (said.includes('torn')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await exited;
};

describe('a writer killed with SIGKILL while appending', () => {
  it(
    'leaves a log that reads back every complete event, reports a torn tail, and is repaired by the next writer', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-kill-')), `${SESSION}.jsonl`);
    await killMidAppend(file);
    const size = statSync(file).size;
    const after = readLogFile(file);
    // Every complete line is an intact event with contiguous seqs; only the last line is torn.
    expect(after.events.length).toBeGreaterThan(0);
    expect(after.events.map((e) => e.seq)).toEqual(after.events.map((_, i) => i + 1));
    const problemLines = after.problems.map((p) => p.line);
    expect(after.tornTail).toBe(true);
    expect(problemLines).toEqual([after.lines]);
    expect(after.problems[0]?.problem).toMatch(/torn last line/);
    expect(statSync(file).size).toBe(size); // reading never modifies

    const next = new JsonlLogWriter(file, SESSION, { lockStaleMs: LOCK_STALE_MS });
    const stored = await next.append([buildEvent('executive.session.ended', { reason: 'aborted' }, { sessionId: SESSION })]);
    next.close();
    const last = after.events.length;
    expect(stored.map((e) => [e.seq, e.type])).toEqual([[last + 1, 'store.log.repaired'], [last + 2, 'executive.session.ended']]);
    const repaired = readLogFile(file);
    expect(repaired.problems).toEqual([]);
    expect(repaired.events.slice(0, last)).toEqual(after.events);
  }, 120_000);
});
