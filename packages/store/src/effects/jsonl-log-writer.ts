import { closeSync, fstatSync, fsyncSync, ftruncateSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { appendToFd, openForAppend, rootForDir, withLock } from '@engram/fs';
import { randomIds, systemClock, type Clock, type IdSource } from '@engram/kernel';
import { readLogTail } from './log-tail.js';
import { parseLogLine } from '../parse-log-line.js';

/** Lock retry policy: many short waits, because appends hold the lock for well under a millisecond (about 100 s in all). */
const LOCK_WAIT = { retries: 2000, minTimeoutMs: 2, maxTimeoutMs: 50 } as const;
/** A lock older than this is a crashed holder's; proper-lockfile refreshes live locks well before (5 s is its minimum). */
const LOCK_STALE_MS = 10_000;
/** How much of a torn line the repair record quotes. */
const TORN_QUOTE = 200;

export interface WriterOptions {
  readonly clock?: Clock;
  readonly ids?: IdSource;
  /** How old a lock must be before it is taken as a crashed writer's (default 10 s, minimum 5 s). */
  readonly lockStaleMs?: number;
  /** Makes a file's written bytes durable (default fsync); a test counts the calls. */
  readonly fsync?: (fd: number) => void;
  /** The trusted folder the log lies under (default: the project folder for `<project>/.engram/events`, else the events folder's parent); no link between is followed. */
  readonly root?: string;
}

/**
 * Appends to one JSONL log file, safely shared by several processes: each batch takes the
 * file's lock, learns the last seq from the file's tail (only when another writer has changed the
 * file since), renumbers the batch after it, and appends in one write. The first writer to find a
 * torn tail (a crashed append) cuts it back to the last complete event and records a
 * `store.log.repaired` event saying so.
 */
export class JsonlLogWriter {
  private fd: number | null = null;
  /** File size and last seq as of this writer's last append; a different size means someone else wrote. */
  private known: { size: number; lastSeq: number } | null = null;
  /** Whether this writer appended since its last fsync: a sync with nothing new costs a disk flush for nothing. */
  private unsynced = false;
  private readonly root: string;
  private readonly clock: Clock;
  private readonly ids: IdSource;
  private readonly lockStaleMs: number;
  private readonly fsync: (fd: number) => void;

  constructor(
    readonly file: string,
    readonly sessionId: string,
    options: WriterOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.ids = options.ids ?? randomIds();
    this.lockStaleMs = options.lockStaleMs ?? LOCK_STALE_MS;
    this.fsync = options.fsync ?? fsyncSync;
    this.root = options.root ?? rootForDir(dirname(file));
  }

  private open(): number {
    // O_NOFOLLOW, every folder above checked, created 0600 or made 0600.
    if (this.fd === null) this.fd = openForAppend(this.file, { root: this.root, read: true }).fd;
    return this.fd;
  }

  /** Appends the batch; returns the events as stored (seq assigned, a repair record first if one was needed). */
  async append(events: readonly AnyEnvelope[]): Promise<AnyEnvelope[]> {
    if (events.length === 0) return [];
    const fd = this.open();
    return withLock(this.file, { ...LOCK_WAIT, staleMs: this.lockStaleMs }, (assertHeld) => this.appendLocked(fd, events, assertHeld));
  }

  private appendLocked(fd: number, events: readonly AnyEnvelope[], assertHeld: () => void): AnyEnvelope[] {
    let size = fstatSync(fd).size;
    let lastSeq: number;
    const stored: AnyEnvelope[] = [];
    if (this.known && this.known.size === size) lastSeq = this.known.lastSeq;
    else {
      const tail = readLogTail(fd, size);
      lastSeq = tail.lastSeq;
      if (tail.torn.length > 0) {
        const tornText = tail.torn.toString('utf8');
        const complete = parseLogLine(tornText);
        if (complete.ok && complete.event.seq > lastSeq) {
          // The crash lost only the newline: the event is whole, keep it.
          assertHeld();
          this.unsynced = true;
          appendToFd(fd, Buffer.from('\n'), { path: this.file, sizeBefore: size });
          lastSeq = complete.event.seq;
          size += 1;
        } else {
          ftruncateSync(fd, tail.completeEnd);
          size = tail.completeEnd;
          stored.push(this.repairEvent(lastSeq + 1, tail.torn.length, lastSeq, tornText));
          lastSeq += 1;
        }
      }
    }
    for (const e of events) stored.push({ ...e, seq: ++lastSeq });
    let text = '';
    for (const e of stored) text += `${JSON.stringify(e)}\n`;
    const buf = Buffer.from(text, 'utf8');
    assertHeld();
    // All of the batch or none of it: a full disk half way cuts the file back and throws.
    try {
      this.unsynced = true;
      appendToFd(fd, buf, { path: this.file, sizeBefore: size });
    } catch (err) {
      this.known = null;
      throw err;
    }
    this.known = { size: size + buf.length, lastSeq };
    return stored;
  }

  private repairEvent(seq: number, truncatedBytes: number, lastSeq: number, tornText: string): AnyEnvelope {
    return {
      seq,
      id: this.ids.next(),
      at: new Date(this.clock.now()).toISOString(),
      sessionId: this.sessionId,
      turn: 0,
      round: 0,
      source: 'store',
      causationId: null,
      type: 'store.log.repaired',
      v: 1,
      data: { file: this.file, truncatedBytes, lastSeq, tornText: tornText.slice(0, TORN_QUOTE) },
    };
  }

  /** Makes every byte this writer appended durable (turn end, close). */
  sync(): void {
    if (this.fd === null || !this.unsynced) return;
    this.fsync(this.fd);
    this.unsynced = false;
  }

  close(): void {
    if (this.fd === null) return;
    this.sync();
    closeSync(this.fd);
    this.fd = null;
    this.known = null;
  }
}
