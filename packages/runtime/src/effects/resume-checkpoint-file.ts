import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { nodeFsPort, removeContained, writeFileAtomic, type FsPort } from '@engram/fs';
import { resumeCheckpointOf } from '@engram/store';
import { isResumeCheckpoint, type ResumeCheckpoint } from '../resume-checkpoint.js';

/**
 * A checkpoint is a cache of the log: written atomically (a reader sees the old file or the new
 * one) but not synced, since after a power loss the next resume folds the log instead.
 */
const cachePort: FsPort = { ...nodeFsPort, fsync: () => undefined };

/**
 * The SHA-256 (hex) of a log's first `at` bytes and of its first `upTo` (at <= upTo): what a
 * checkpoint checks the log's start against, and what the next one records, in one pass.
 */
export const logHashes = (bytes: Uint8Array, at: number, upTo: number): { readonly at: string; readonly upTo: string } => {
  const h = createHash('sha256').update(bytes.subarray(0, at));
  const first = h.copy().digest('hex');
  return { at: first, upTo: upTo === at ? first : h.update(bytes.subarray(at, upTo)).digest('hex') };
};

/**
 * The checkpoint beside `logFile`, or null when there is none or it cannot be used: not a regular
 * file, damaged, or of another format. Never an error: without it the session folds its log.
 */
export const readResumeCheckpoint = (logFile: string): ResumeCheckpoint | null => {
  const file = resumeCheckpointOf(logFile);
  try {
    const st = lstatSync(file, { throwIfNoEntry: false });
    if (st === undefined || !st.isFile()) return null;
    const value: unknown = deserialize(readFileSync(file));
    if (typeof value !== 'object' || value === null) return null;
    const stored = value as Record<string, unknown>;
    const read = { ...stored, events: typeof stored['events'] === 'string' ? (JSON.parse(stored['events']) as unknown) : null };
    return isResumeCheckpoint(read) ? read : null;
  } catch {
    return null;
  }
};

/** Removes the checkpoint beside `logFile`, if any; a link in its place is left alone (never deleted through). */
export const removeResumeCheckpoint = (logFile: string): void => {
  try {
    removeContained(dirname(logFile), resumeCheckpointOf(logFile));
  } catch {
    // Not a regular file (a link someone put there): not ours to remove, and never used (`readResumeCheckpoint`).
  }
};

/**
 * Replaces the checkpoint beside `logFile`. A checkpoint that cannot be written (a full disk, a
 * state that cannot be serialised) only costs the next resume its speed: the old one is removed
 * so it cannot outlive the log it was made from, and nothing is thrown.
 */
export const writeResumeCheckpoint = (logFile: string, checkpoint: ResumeCheckpoint): void => {
  try {
    // The events as JSON text: they are the log's lines read back (plain JSON data, so the round
    // trip is exact), and V8's deserializer took three times as long as JSON.parse over them
    // (1,683 events: 8-19 ms against 3-6 ms), once per hook in process.
    writeFileAtomic(resumeCheckpointOf(logFile), serialize({ ...checkpoint, events: JSON.stringify(checkpoint.events) }), { port: cachePort });
  } catch {
    removeResumeCheckpoint(logFile);
  }
};
