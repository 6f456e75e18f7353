import { appendFileSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEnvelope } from '@engram/events';
import { readDemoLog } from '../data/demo-logs.test-helper.js';
import { followLog } from './follow-log.js';

const SECRET = ['ghp', '_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'].join('');
const POLL_MS = 20;
/** Every wait here is bounded: a follower that misses an event fails the test, it does not hang it. */
const WAIT_MS = 3_000;

const line = (e: AnyEnvelope): string => `${JSON.stringify(e)}\n`;

describe('followLog (a real file growing under it)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  const follow = (file: string, after: number) => {
    const seen: AnyEnvelope[] = [];
    stops.push(followLog(file, after, (events) => seen.push(...events), POLL_MS));
    const until = async (n: number) => {
      const end = Date.now() + WAIT_MS;
      while (seen.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, POLL_MS));
      return seen;
    };
    return { seen, until };
  };

  it('hands on the events after `after`, then each appended one once; a half-written line waits for its newline', async () => {
    const events = readDemoLog(1);
    const file = join(mkdtempSync(join(tmpdir(), 'engram-follow-')), 'log.jsonl');
    writeFileSync(file, events.slice(0, 10).map(line).join(''));
    const f = follow(file, 5);
    expect((await f.until(5)).map((e) => e.seq)).toEqual([6, 7, 8, 9, 10]);
    const next = line(events[10] as AnyEnvelope);
    appendFileSync(file, next.slice(0, 40));
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
    expect(f.seen).toHaveLength(5);
    appendFileSync(file, next.slice(40) + line(events[11] as AnyEnvelope));
    expect((await f.until(7)).map((e) => e.seq)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it('scrubs what it hands on, and reads a log replaced under it from the start without repeating events', async () => {
    const events = readDemoLog(1);
    const dir = mkdtempSync(join(tmpdir(), 'engram-follow-'));
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, events.slice(0, 3).map(line).join(''));
    const f = follow(file, 0);
    await f.until(3);
    const turn = { ...(events[1] as AnyEnvelope), seq: 4, id: 'x-4', type: 'executive.turn.started', data: { message: `key ${SECRET}` } } as AnyEnvelope;
    appendFileSync(file, line(turn));
    const seen = await f.until(4);
    expect(JSON.stringify(seen[3])).not.toContain(SECRET);
    expect(JSON.stringify(seen[3])).toContain('[REDACTED:');
    // Rewritten as `engram memory forget` does (a new file renamed over it), then grown.
    writeFileSync(join(dir, 'new.jsonl'), [...events.slice(0, 3), turn].map(line).join('') + line({ ...(events[3] as AnyEnvelope), seq: 5, id: 'x-5' }));
    renameSync(join(dir, 'new.jsonl'), file);
    expect((await f.until(5)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
