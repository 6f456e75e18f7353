import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { REPO as ROOT, spawnTs } from '../support/ts-child.js';

const SESSION = '20261122_031500_ab12';
/** Bounded: a handful of kills is enough to land one inside a write on this machine. */
const MAX_ATTEMPTS = 6;
/** The killed writer leaves its lock behind; the next writer takes it once stale (5 s is proper-lockfile's minimum). */
const LOCK_STALE_MS = 5000;

const startWriter = (file: string) => spawnTs(join(ROOT, 'tests/store/append-forever.ts'), [file, SESSION], ['ignore', 'pipe', 'inherit']);

const killMidAppend = async (file: string): Promise<void> => {
  const child = startWriter(file);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => (d.toString().includes('ready') ? resolve() : undefined));
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  await sleep(20 + Math.floor(Math.random() * 60));
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGKILL');
  await exited;
};

describe('a writer killed with SIGKILL while appending', () => {
  it(
    'leaves a log that reads back every complete event, reports a torn tail, and is repaired by the next writer', async () => {
    let tornSeen = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && tornSeen === 0; attempt++) {
      const file = join(mkdtempSync(join(tmpdir(), 'engram-kill-')), `${SESSION}.jsonl`);
      await killMidAppend(file);
      const size = statSync(file).size;
      const after = readLogFile(file);
      // Every complete line is an intact event with contiguous seqs; at most the last line is torn.
      expect(after.events.length).toBeGreaterThan(0);
      expect(after.events.map((e) => e.seq)).toEqual(after.events.map((_, i) => i + 1));
      const problemLines = after.problems.map((p) => p.line);
      if (after.tornTail) {
        tornSeen++;
        expect(problemLines).toEqual([after.lines]);
        expect(after.problems[0]?.problem).toMatch(/torn last line/);
      } else expect(after.problems).toEqual([]);
      expect(statSync(file).size).toBe(size); // reading never modifies

      const next = new JsonlLogWriter(file, SESSION, { lockStaleMs: LOCK_STALE_MS });
      const stored = await next.append([buildEvent('executive.session.ended', { reason: 'aborted' }, { sessionId: SESSION })]);
      next.close();
      const last = after.events.length;
      if (after.tornTail) expect(stored.map((e) => [e.seq, e.type])).toEqual([[last + 1, 'store.log.repaired'], [last + 2, 'executive.session.ended']]);
      else expect(stored.map((e) => e.seq)).toEqual([last + 1]);
      const repaired = readLogFile(file);
      expect(repaired.problems).toEqual([]);
      expect(repaired.events.slice(0, last)).toEqual(after.events);
    }
    expect(tornSeen, `no kill of ${MAX_ATTEMPTS} landed inside a write`).toBeGreaterThan(0);
  }, 120_000);
});
