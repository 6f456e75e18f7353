import { DAY_MS, patternId, type PatternKind, type SessionSummary } from '@engram/basal-ganglia';

/** The file, in an `instincts/` folder, that holds what the incremental analysis has read. */
export const ANALYSIS_STATE_FILE = 'analysis-state.json';

/** A log's bad lines kept for the report; a file with more is summarised by the count. */
const MAX_PROBLEMS_PER_LOG = 20;

/** What the state keeps of one event log. */
export interface LogEntry {
  /**
   * The log's size and change time when read (`StoredLog`: a file's bytes and modification time,
   * or a database log's last seq and last append): a log that changed since is read again.
   */
  readonly size: number;
  readonly mtimeMs: number;
  /** Tool calls in the log (kept when its summaries are dropped). */
  readonly calls: number;
  /** The latest tool call in the log (ms), or null when it made none. */
  readonly lastAt: number | null;
  /** Per-session summaries; emptied once the log's last call left the window (it can never count again). */
  readonly sessions: readonly SessionSummary[];
  readonly problems: readonly string[];
}

/**
 * What the incremental instinct analysis keeps between sessions: one small entry per event log,
 * so a session's end reads only the logs that changed (usually its own) instead of every log.
 * Rebuildable from the logs at any time: a missing or broken file just means a full read.
 */
export interface AnalysisState {
  /** The summaries were made with this lookahead; another one means reading everything again. */
  readonly recoveryLookahead: number;
  /** The latest analysis time: summaries were dropped relative to it, so an earlier `now` needs a full read. */
  readonly horizon: number;
  readonly logs: Readonly<Record<string, LogEntry>>;
}

export const emptyAnalysisState = (recoveryLookahead: number): AnalysisState => ({ recoveryLookahead, horizon: Number.NEGATIVE_INFINITY, logs: {} });

/*
 * The file is read and written at every session end, so its form is compact and line-wise: a
 * header line, then one line per log. Times are sorted and stored as differences from the previous
 * one (a minute is 60000, not a 13-digit epoch); order inside a summary carries no meaning
 * (occurrences are counted, and their first and last taken), so sorting changes nothing the
 * scoring reads. A log's line is kept with its entry as read, so rendering the state again copies
 * the lines of the logs that did not change instead of encoding every summary anew (that was most
 * of a session end's time with 1,000 logs in the window).
 *
 *   {"v":3,"lookahead":L,"horizon":H}
 *   [file, size, mtimeMs, calls, lastAt, problems, [[kind, tools], ...], [[sessionId, calls, [[pattern, fresh, self], ...], failed, [habit shown, ...]], ...]]
 *
 * Version 4 added each session's failed calls and the habits it was shown (whether a habit helped).
 */
const VERSION = 4;
type EncodedSession = [string, number[], [number, number[], number[]][], number, string[]];
type Encoded = [string, number, number, number, number | null, string[], [PatternKind, string[]][], EncodedSession[]];

/** The line each entry was read from or last rendered as: an entry is immutable, so its line stays right. */
const lineOf = new WeakMap<LogEntry, string>();

const deltas = (times: readonly number[]): number[] => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.map((t, i) => (i === 0 ? t : t - (sorted[i - 1] ?? 0)));
};

const undelta = (d: readonly number[]): number[] => {
  const out: number[] = [];
  let t = 0;
  for (const x of d) {
    if (typeof x !== 'number') throw new TypeError('not a time');
    t += x;
    out.push(t);
  }
  return out;
};

const encodeLog = (file: string, e: LogEntry): string => {
  const patterns: [PatternKind, string[]][] = [];
  const index = new Map<string, number>();
  const patternIndex = (id: string, kind: PatternKind, tools: readonly string[]): number => {
    let i = index.get(id);
    if (i === undefined) {
      i = patterns.push([kind, [...tools]]) - 1;
      index.set(id, i);
    }
    return i;
  };
  const sessions = e.sessions.map((x): EncodedSession => [
    x.sessionId,
    deltas(x.calls),
    Object.entries(x.patterns).map(([id, p]): [number, number[], number[]] => [patternIndex(id, p.kind, p.tools), deltas(p.fresh), deltas(p.self)]),
    x.failed,
    [...x.shown],
  ]);
  const encoded: Encoded = [file, e.size, e.mtimeMs, e.calls, e.lastAt, [...e.problems], patterns, sessions];
  return JSON.stringify(encoded);
};

/** The state as compact line-wise JSON (see above); unchanged entries reuse their line. */
export const renderAnalysisState = (s: AnalysisState): string => {
  const lines = [JSON.stringify({ v: VERSION, lookahead: s.recoveryLookahead, horizon: Number.isFinite(s.horizon) ? s.horizon : null })];
  for (const [file, e] of Object.entries(s.logs)) {
    let line = lineOf.get(e);
    // A line names its file: an entry moved under another name (never done today) is encoded again.
    if (line === undefined || !line.startsWith(`[${JSON.stringify(file)},`)) {
      line = encodeLog(file, e);
      lineOf.set(e, line);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
};

const KINDS: readonly string[] = ['chain', 'error-retry', 'recovery'];

const decodeLog = (line: string): [string, LogEntry] | null => {
  const raw: unknown = JSON.parse(line);
  if (!Array.isArray(raw)) return null;
  const [file, size, mtimeMs, calls, lastAt, problems, patternList, sessions] = raw as Encoded;
  if (typeof file !== 'string' || typeof size !== 'number' || typeof mtimeMs !== 'number' || typeof calls !== 'number' || (lastAt !== null && typeof lastAt !== 'number') || !Array.isArray(problems) || !Array.isArray(patternList) || !Array.isArray(sessions)) return null;
  const patterns = (patternList as unknown[]).map((p) => {
    const [kind, tools] = p as [unknown, unknown];
    if (typeof kind !== 'string' || !KINDS.includes(kind) || !Array.isArray(tools) || !tools.every((t) => typeof t === 'string')) throw new TypeError('bad pattern');
    return { id: patternId(kind as PatternKind, tools), kind: kind as PatternKind, tools: tools };
  });
  const entry: LogEntry = {
    size,
    mtimeMs,
    calls,
    lastAt,
    problems: problems.map(String),
    sessions: sessions.map(([sessionId, callTimes, found, failed, shown]) => {
      if (typeof failed !== 'number' || !Array.isArray(shown)) throw new TypeError('bad session outcome');
      const summary: SessionSummary = { sessionId: String(sessionId), calls: undelta(callTimes), failed, shown: shown.map(String), patterns: {} };
      for (const [i, fresh, self] of found) {
        const p = patterns[i];
        if (p === undefined) throw new TypeError('bad pattern index');
        summary.patterns[p.id] = { kind: p.kind, tools: p.tools, fresh: undelta(fresh), self: undelta(self) };
      }
      return summary;
    }),
  };
  lineOf.set(entry, line);
  return [file, entry];
};

const decode = (text: string, recoveryLookahead: number): AnalysisState | null => {
  const lines = text.split('\n');
  const head: unknown = JSON.parse(lines[0] ?? '');
  if (typeof head !== 'object' || head === null) return null;
  const o = head as { v?: unknown; lookahead?: unknown; horizon?: unknown };
  if (o.v !== VERSION || o.lookahead !== recoveryLookahead) return null;
  const logs: Record<string, LogEntry> = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '') continue;
    const decoded = decodeLog(line);
    if (decoded === null) return null;
    logs[decoded[0]] = decoded[1];
  }
  return { recoveryLookahead, horizon: typeof o.horizon === 'number' ? o.horizon : Number.NEGATIVE_INFINITY, logs };
};

/**
 * Reads the state text. The file is engram's own cache of the logs, so anything unreadable (a
 * hand edit, an older version, another lookahead) is an empty state and the logs are read again;
 * checked by hand rather than by a schema because it is parsed at every session end.
 */
export const parseAnalysisState = (text: string | null, recoveryLookahead: number): AnalysisState => {
  if (text === null) return emptyAnalysisState(recoveryLookahead);
  try {
    return decode(text, recoveryLookahead) ?? emptyAnalysisState(recoveryLookahead);
  } catch {
    return emptyAnalysisState(recoveryLookahead);
  }
};

/** Caps a log's problems for the state file. */
export const keptProblems = (problems: readonly string[]): string[] =>
  problems.length <= MAX_PROBLEMS_PER_LOG ? [...problems] : [...problems.slice(0, MAX_PROBLEMS_PER_LOG), `... and ${problems.length - MAX_PROBLEMS_PER_LOG} more`];

/**
 * Drops the summaries of logs whose last call is at or before the window's start: none of their
 * occurrences can be in this window or any later one (occurrences happen at calls).
 */
export const expireOldLogs = (s: AnalysisState, now: number, windowDays: number): AnalysisState => {
  const start = now - windowDays * DAY_MS;
  const logs: Record<string, LogEntry> = {};
  for (const [file, e] of Object.entries(s.logs)) logs[file] = e.sessions.length > 0 && (e.lastAt === null || e.lastAt <= start) ? { ...e, sessions: [] } : e;
  return { ...s, horizon: Math.max(s.horizon, now), logs };
};
