import { createRequire } from 'node:module';
import type { AnyEnvelope } from '@engram/events';
import type { BrainCore } from './cores/brain-cores.js';

/** Bumped when what a checkpoint holds changes shape: an older one is then ignored (2: the events as JSON text in the file; 3: the memory core keeps the conversation's pin and skills). */
export const CHECKPOINT_FORMAT = 3;

/**
 * What resuming a session derived from its log up to a point, kept beside the log
 * (`resumeCheckpointOf`) so the next process folds only the lines after it. A cache, never a
 * source: it is used only while the log still starts with exactly the bytes it was made from
 * (`logBytes`, `logHash`), and only by a brain whose cores are the ones it was made by (`cores`).
 */
export interface ResumeCheckpoint {
  readonly format: typeof CHECKPOINT_FORMAT;
  /** `coresKey` of the brain that made it: engram's version and every core's id and params. */
  readonly cores: string;
  /** The log's bytes it covers (whole lines), their SHA-256 (hex), their number of lines and the seq of their last event. */
  readonly logBytes: number;
  readonly logHash: string;
  readonly lines: number;
  readonly lastSeq: number;
  /** The intact events of those lines, in order, as reading the log gives them. */
  readonly events: readonly AnyEnvelope[];
  /** Those lines' problems (`file:line: field: problem`), reported again at each resume as a full read would. */
  readonly problems: readonly string[];
  /** Every core's state after folding `events`, by core id. */
  readonly states: readonly (readonly [string, unknown])[];
}

let version: string | undefined;
/** engram's version: a checkpoint made by another version may hold states of another shape. */
const engramVersion = (): string => (version ??= (createRequire(import.meta.url)('../package.json') as { version: string }).version);

/**
 * The key a checkpoint's states are valid under: the format, engram's version, and each core's id
 * and params in order (the states are what these cores derive; a session with other guards or
 * another detector profile folds other states).
 */
export const coresKey = (cores: readonly BrainCore[]): string => JSON.stringify([CHECKPOINT_FORMAT, engramVersion(), cores.map((c) => [c.id, c.params])]);

/** Whether a value read back from a checkpoint file has a checkpoint's shape (a file of another format or a damaged one is ignored). */
export const isResumeCheckpoint = (v: unknown): v is ResumeCheckpoint => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    c['format'] === CHECKPOINT_FORMAT &&
    typeof c['cores'] === 'string' &&
    Number.isSafeInteger(c['logBytes']) &&
    typeof c['logHash'] === 'string' &&
    Number.isSafeInteger(c['lines']) &&
    Number.isSafeInteger(c['lastSeq']) &&
    Array.isArray(c['events']) &&
    Array.isArray(c['problems']) &&
    Array.isArray(c['states'])
  );
};
