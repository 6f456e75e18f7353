import { readLogFile, type LogProblem } from '@engram/store';
import type { SessionReplay, SessionReplayOptions } from './replay-session.js';
import { createSessionReplayer } from './session-replayer.js';

export type LogFileReplay =
  | { readonly ok: true; readonly problems: readonly LogProblem[]; readonly replay: SessionReplay }
  | { readonly ok: false; readonly error: unknown };

export interface LogFileReplayOptions extends Omit<SessionReplayOptions, 'onProgress'> {
  /** Bytes read and folded so far, and the file's size. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/**
 * `engram replay` on one log file: each intact event is folded as soon as it is read (bad lines
 * are reported by the store's reader, with file, line and field, and skipped), so the log is
 * never held whole. `ok: false` when the file cannot be read; a core that throws is a bug, and
 * its error is rethrown, never passed off as an unreadable file.
 */
export const replayLogFile = (file: string, opts: LogFileReplayOptions): LogFileReplay => {
  const { onProgress, ...replayOpts } = opts;
  const replayer = createSessionReplayer(replayOpts);
  let foldFailed = false;
  let problems: readonly LogProblem[];
  try {
    problems = readLogFile(file, {
      ...(onProgress === undefined ? {} : { onProgress }),
      onEvent: (e) => {
        try {
          replayer.push(e);
        } catch (err) {
          foldFailed = true;
          throw err;
        }
      },
    }).problems;
  } catch (err) {
    if (foldFailed) throw err;
    return { ok: false, error: err };
  }
  return { ok: true, problems, replay: replayer.finish() };
};
