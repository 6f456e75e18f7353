import { formatProblem, type LogProblem } from '@engram/store';
import { WhatIfParamsError, type WhatIfParams } from '../parse-what-if-params.js';
import { replayJson } from '../replay-json.js';
import { replayLogFile, type LogFileReplay, type LogFileReplayOptions } from '../replay-log-file.js';
import type { SessionReplay } from '../replay-session.js';
import { formatCheck, formatSession } from '../replay-text.js';
import { readWhatIfParams } from './read-what-if-params.js';

export interface ReplayLogsOptions {
  readonly check: boolean;
  readonly json: boolean;
  /** A what-if file (`--params`). */
  readonly params?: string;
}

/** Where the report goes: stdout, stderr, and a progress line (a host shows it on a terminal only). */
export interface ReplayLogsIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly progress: (label: string, done: number, total: number) => void;
  readonly progressDone: () => void;
}

/** Bad lines shown per log on stderr; the rest are counted (a wrecked log must not flood the terminal). */
const MAX_PROBLEMS_SHOWN = 20;

/** A log to replay that is not a file (a session read from PostgreSQL): its label and how to replay it. */
export interface ReplaySource {
  readonly label: string;
  readonly replay: (opts: LogFileReplayOptions) => LogFileReplay;
}

interface LogResult {
  readonly file: string;
  readonly problems: readonly LogProblem[];
  readonly replay: SessionReplay;
}

const loadWhatIf = async (file: string, io: ReplayLogsIo): Promise<WhatIfParams | null> => {
  try {
    return await readWhatIfParams(file);
  } catch (err) {
    if (!(err instanceof WhatIfParamsError)) throw err;
    io.err(err.reason === 'unreadable' ? `engram replay: ${err.message}\n` : `engram replay: invalid --params:\n${err.message}\n`);
    return null;
  }
};

/**
 * `engram replay LOG... [--check] [--params FILE] [--json]`: refolds every region core over each
 * recorded session log and reports what was derived per turn; `--check` compares it with the
 * recording, `--params` replays a what-if. Resolves to the exit code: 0 done (and, with --check,
 * every log matches); 1 a log could not be read or --check found a divergence; 2 an unusable
 * --params file. Bad lines are reported with file, line and field, and skipped.
 */
export const replayLogs = async (logs: readonly (string | ReplaySource)[], opts: ReplayLogsOptions, io: ReplayLogsIo): Promise<number> => {
  let whatIf: WhatIfParams | undefined;
  if (opts.params !== undefined) {
    const w = await loadWhatIf(opts.params, io);
    if (w === null) return 2;
    whatIf = w;
  }
  const results: LogResult[] = [];
  let failed = false;
  for (const [i, log] of logs.entries()) {
    const source: ReplaySource = typeof log === 'string' ? { label: log, replay: (o) => replayLogFile(log, o) } : log;
    const file = source.label;
    const label = logs.length > 1 ? `${file} (${i + 1}/${logs.length})` : file;
    const r = source.replay({ check: opts.check, ...(whatIf === undefined ? {} : { whatIf }), onProgress: (done, total) => io.progress(label, done, total) });
    io.progressDone();
    if (!r.ok) {
      io.err(`engram replay: cannot read ${file}: ${r.error instanceof Error ? r.error.message : String(r.error)}\n`);
      failed = true;
      continue;
    }
    const { problems, replay } = r;
    for (const p of problems.slice(0, MAX_PROBLEMS_SHOWN)) io.err(`engram replay: ${formatProblem(p)}; skipped\n`);
    if (problems.length > MAX_PROBLEMS_SHOWN) io.err(`engram replay: ${file}: ${problems.length - MAX_PROBLEMS_SHOWN} more bad lines skipped\n`);
    results.push({ file, problems, replay });
    if (!opts.json) io.out(opts.check && whatIf === undefined ? formatCheck(file, replay) : formatSession(file, replay) + (opts.check ? formatCheck(file, replay) : ''));
  }
  const divergences = results.reduce((n, r) => n + (r.replay.divergences?.length ?? 0), 0);
  if (opts.json) {
    const out = { logs: results.map((r) => replayJson(r.file, r.problems, r.replay, opts.check)), ...(opts.check ? { check: { ok: divergences === 0 && !failed, divergences } } : {}) };
    io.out(`${JSON.stringify(out, null, 2)}\n`);
  } else if (opts.check && results.length > 1) io.out(`check: ${divergences} divergence${divergences === 1 ? '' : 's'} in ${results.length} logs\n`);
  if (opts.check && divergences > 0) io.err(`engram replay --check: ${divergences} divergence${divergences === 1 ? '' : 's'} between derived and recorded events\n`);
  return failed || (opts.check && divergences > 0) ? 1 : 0;
};
