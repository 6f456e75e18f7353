import type { PostMortemMode } from '@engram/cerebellum';
import { readLogFile, type LogProblem } from '@engram/store';
import type { SessionReplay, SessionReplayOptions } from './replay-session.js';
import { createSessionReplayer } from './session-replayer.js';

export type LogFileReplay =
  | { readonly ok: true; readonly problems: readonly LogProblem[]; readonly replay: SessionReplay }
  | { readonly ok: false; readonly error: unknown };

export interface LogFileReplayOptions extends Omit<SessionReplayOptions, 'onProgress'> {
  /** Bytes read and folded so far, and the file's size (per pass). */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/** A pass whose assumed post-mortem mode the log contradicted. */
const WRONG_MODE = Symbol('wrong post-mortem mode');
/** Thrown through the reader to stop such a pass at once. */
const STOP = new Error('replay: stop this pass, the log contradicts its post-mortem mode');

type Pass = LogFileReplay | typeof WRONG_MODE;

const pass = (file: string, opts: LogFileReplayOptions, assume: PostMortemMode | undefined): Pass => {
  const { onProgress, ...replayOpts } = opts;
  const replayer = createSessionReplayer(replayOpts, assume);
  let foldError: { readonly error: unknown } | undefined;
  let problems: readonly LogProblem[];
  try {
    problems = readLogFile(file, {
      ...(onProgress === undefined ? {} : { onProgress }),
      onEvent: (e) => {
        try {
          replayer.push(e);
        } catch (err) {
          foldError = { error: err };
          throw err;
        }
        if (replayer.assumedWrongly(false)) throw STOP;
      },
    }).problems;
  } catch (err) {
    if (err === STOP) return WRONG_MODE;
    if (foldError !== undefined) throw foldError.error;
    return { ok: false, error: err };
  }
  return replayer.assumedWrongly(true) ? WRONG_MODE : { ok: true, problems, replay: replayer.finish() };
};

/**
 * `engram replay` on one log file: each intact event is folded as soon as it is read (bad lines
 * are reported by the store's reader, with file, line and field, and skipped), so the log is
 * never held whole. `ok: false` when the file cannot be read; a core that throws is a bug, and
 * its error is rethrown, never passed off as an unreadable file.
 *
 * The post-mortem mode is a whole-log fact, so the first pass assumes `classifier` (no model)
 * and stops at the first `llm.call.*` event, which a session with a model records early (its
 * first model call); the log is then read again as `llm`. Should the log change between passes
 * and contradict that too, a last pass folds the cerebellum under both modes, which is exact for
 * whatever it reads.
 */
export const replayLogFile = (file: string, opts: LogFileReplayOptions): LogFileReplay => {
  for (const assume of ['classifier', 'llm'] as const) {
    const r = pass(file, opts, assume);
    if (r !== WRONG_MODE) return r;
  }
  const r = pass(file, opts, undefined);
  if (r === WRONG_MODE) throw new Error('replay: a pass that assumes no post-mortem mode cannot assume wrongly');
  return r;
};
