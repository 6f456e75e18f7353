import { dirname } from 'node:path';
import type { AnyEnvelope, EventData } from '@engram/events';
import { readTextContained, removeContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { randomIds, redactJsonValue, systemClock, type Clock, type IdSource, type SubjectMatcher } from '@engram/kernel';
import { resumeCheckpointOf } from '../resume-checkpoint-of.js';

/** The same patience as the log writer: appends hold the lock for well under a millisecond. */
const LOCK_WAIT = { retries: 2000, minTimeoutMs: 2, maxTimeoutMs: 50 } as const;

export interface LogRedaction {
  readonly file: string;
  /** Events whose data held the subject. */
  readonly events: number;
  readonly occurrences: number;
  /** Lines that were not JSON (a torn or corrupt line), redacted as text. */
  readonly rawLines: number;
  readonly seqs: readonly number[];
  /** Whether the file was rewritten (only with `apply`, and only when something matched). */
  readonly rewritten: boolean;
}

export interface RedactLogOptions {
  readonly marker: string;
  /** Rewrite the file; without it, only count (the preview of `engram memory forget`). */
  readonly apply: boolean;
  readonly root?: string;
  readonly clock?: Clock;
  readonly ids?: IdSource;
}

interface Parsed {
  seq?: unknown;
  sessionId?: unknown;
  data?: unknown;
}

/**
 * Redacts a subject from one JSONL event log: every occurrence in an event's `data` (strings and
 * keys, at any depth) becomes the marker; envelopes (seq, id, time, type, causation) are kept, so
 * the log keeps its shape, order and causal chain. A line that is not JSON is redacted as text.
 * With `apply`, the file is replaced atomically under the log's own lock (appends by a live
 * writer wait) and a `store.log.redacted` event is appended saying how many events and
 * occurrences went, and which seqs, never the text. Unchanged lines keep their exact bytes.
 */
export const redactLogFile = async (file: string, matcher: SubjectMatcher, options: RedactLogOptions): Promise<LogRedaction> => {
  const root = options.root ?? rootForDir(dirname(file));
  const run = (assertHeld: () => void): LogRedaction => {
    const text = readTextContained(root, file) ?? '';
    const lines = text.split('\n');
    let events = 0;
    let occurrences = 0;
    let rawLines = 0;
    let lastSeq = 0;
    let sessionId: string | null = null;
    const seqs: number[] = [];
    const out = lines.map((line) => {
      let json: Parsed | null = null;
      try {
        const v: unknown = line.trim() === '' ? null : JSON.parse(line);
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) json = v;
      } catch {
        json = null;
      }
      if (json !== null) {
        if (typeof json.seq === 'number' && json.seq > lastSeq) lastSeq = json.seq;
        if (sessionId === null && typeof json.sessionId === 'string') sessionId = json.sessionId;
      }
      if (!matcher.matches(line) && !(json !== null && redactJsonValue(json, matcher, options.marker).count > 0)) return line;
      if (json === null || !('data' in json)) {
        const r = matcher.redact(line, options.marker);
        rawLines++;
        occurrences += r.count;
        return r.text;
      }
      const r = redactJsonValue(json.data, matcher, options.marker);
      if (r.count === 0) return line;
      events++;
      occurrences += r.count;
      if (typeof json.seq === 'number') seqs.push(json.seq);
      return JSON.stringify({ ...json, data: r.value });
    });
    const changed = events + rawLines > 0;
    if (!options.apply || !changed) return { file, events, occurrences, rawLines, seqs, rewritten: false };
    const clock = options.clock ?? systemClock;
    const data: EventData<'store.log.redacted'> = { marker: options.marker, events, occurrences, rawLines, seqs, by: 'forget' };
    const record: AnyEnvelope = {
      seq: lastSeq + 1,
      id: (options.ids ?? randomIds()).next(),
      at: new Date(clock.now()).toISOString(),
      sessionId: sessionId ?? 'unknown',
      turn: 0,
      round: 0,
      source: 'store',
      causationId: null,
      type: 'store.log.redacted',
      v: 1,
      data,
    };
    let body = out.join('\n');
    if (body !== '' && !body.endsWith('\n')) body += '\n';
    writeFileAtomic(file, `${body}${JSON.stringify(record)}\n`, { root, beforeCommit: assertHeld });
    // The resume checkpoint holds the old lines' text: it goes with them.
    removeContained(root, resumeCheckpointOf(file));
    return { file, events, occurrences, rawLines, seqs, rewritten: true };
  };
  return options.apply ? withLock(file, { ...LOCK_WAIT, staleMs: 10_000 }, run) : run(() => undefined);
};
