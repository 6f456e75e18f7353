import { readFileSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { CHECKPOINT_FORMAT } from '../resume-checkpoint.js';
import type { LogPrefix } from '../resume-from-log.js';
import { logHashes, removeResumeCheckpoint, writeResumeCheckpoint } from './resume-checkpoint-file.js';

/** What a suspending session on files knows of its log and its cores. */
export interface CheckpointSource {
  readonly file: string;
  /** Where the events it resumed from end in the file (nothing, for a new session); null when it cannot tell (a torn last line at resume). */
  readonly from: LogPrefix | null;
  /** The events it resumed from, and the seq of the last. */
  readonly events: readonly AnyEnvelope[];
  readonly lastSeq: number;
  /** How many events this process appended to the log. */
  readonly appended: number;
  /** The resume took its states from a checkpoint covering the whole log, which still holds when nothing was appended. */
  readonly reused: boolean;
  readonly cores: string;
  /** Every core's live state: what the resumed states became over the appended events. */
  readonly states: readonly (readonly [string, unknown])[];
}

/** An empty log's prefix, where a new session's checkpoint starts from (the hash is SHA-256 of no bytes). */
export const NO_PREFIX: LogPrefix = { bytes: 0, hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', lines: 0, problems: [] };

/**
 * At `suspend()`: replaces the checkpoint beside the log with one covering the whole log, when the
 * log is what this process saw (it still starts with the bytes it resumed from, and what follows is
 * exactly the events it appended, intact). Otherwise the old checkpoint is removed, and the next
 * resume folds the log. The cores' live states are the fold of those events: the same cores ran
 * over the same events as they were published.
 *
 * No lock: the log is read again once the checkpoint is in place, and a log rewritten meanwhile
 * (`engram memory forget` redacts under the log's lock, then removes the checkpoint) takes the new
 * checkpoint away, so it never outlives text the rewrite removed.
 */
export const keepResumeCheckpoint = (s: CheckpointSource): void => {
  try {
    keep(s);
  } catch {
    // A cache that could not be kept (the log unreadable) costs the next resume its speed, never the suspend.
    removeResumeCheckpoint(s.file);
  }
};

const keep = (s: CheckpointSource): void => {
  const from = s.from;
  if (from === null) return removeResumeCheckpoint(s.file);
  if (s.appended === 0 && s.reused) return;
  const bytes = readFileSync(s.file);
  if (bytes.length < from.bytes) return removeResumeCheckpoint(s.file);
  const hashes = logHashes(bytes, from.bytes, bytes.length);
  if (hashes.at !== from.hash) return removeResumeCheckpoint(s.file);
  const tail = readLogFile(s.file, { fromByte: from.bytes, afterSeq: s.lastSeq, afterLines: from.lines });
  if (tail.problems.length > 0 || tail.events.length !== s.appended || from.bytes + tail.bytes !== bytes.length) return removeResumeCheckpoint(s.file);
  writeResumeCheckpoint(s.file, {
    format: CHECKPOINT_FORMAT,
    cores: s.cores,
    logBytes: bytes.length,
    logHash: hashes.upTo,
    lines: tail.lines,
    lastSeq: tail.events.at(-1)?.seq ?? s.lastSeq,
    events: [...s.events, ...tail.events],
    problems: from.problems,
    states: s.states,
  });
  // Appended to since is fine (the checkpoint covers the start); anything else took its text away.
  const after = readFileSync(s.file);
  if (after.length < bytes.length || !after.subarray(0, bytes.length).equals(bytes)) removeResumeCheckpoint(s.file);
};
