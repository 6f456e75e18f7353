import { formatProblem, type LogProblem } from '@engram/store';
import type { SessionReplay } from './replay-session.js';

/** Divergences listed per log in `--json` (all are counted): enough to debug, bounded for huge logs. */
const MAX_DIVERGENCES_LISTED = 1000;

/** One log's replay as `engram replay --json` prints it: the replay, its bad lines, and with `check` the verdict. */
export const replayJson = (file: string, problems: readonly LogProblem[], replay: SessionReplay, check: boolean): unknown => {
  const { divergences, ...rest } = replay;
  const ds = divergences ?? [];
  return {
    file,
    ...rest,
    problems: problems.map(formatProblem),
    ...(check ? { check: { ok: ds.length === 0, divergences: ds.length, first: ds[0] ?? null, listed: ds.slice(0, MAX_DIVERGENCES_LISTED) } } : {}),
  };
};
