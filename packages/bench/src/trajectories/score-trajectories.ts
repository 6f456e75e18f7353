import { errorLine, failureSignature } from '@engram/kernel';
import { callKind, commandPrograms } from './command-programs.js';

/** What engram answered before a call: nothing, something put in front of the model (warn), or a deny (block). */
export type Answer = 'none' | 'warn' | 'block';

export interface ReplayedCall {
  readonly i: number;
  readonly command: string;
  readonly ok: boolean;
  readonly timeout: boolean;
  readonly output: string;
  readonly answer: Answer;
  /** The answer's text: the additional context, or the deny's reason. */
  readonly text: string;
}

/** A memory entry as the bench reads it from the home after a session. */
export interface BenchEntry {
  readonly id: string;
  /** `global`, or the project (repository) it belongs to. */
  readonly scope: string;
  readonly kind: string;
  readonly text: string;
}

export interface ReplayedSession {
  readonly id: string;
  readonly repo: string;
  readonly sessionId: string;
  readonly calls: readonly ReplayedCall[];
  /** Entries in the home after the session that were not there before it. */
  readonly newEntries: readonly BenchEntry[];
  /** Every entry in the home after the session (what an answer can have shown). */
  readonly entries: readonly BenchEntry[];
}

/** Examples kept per kind: enough for a closing note, few enough for a JSON report. */
const MAX_EXAMPLES = 3;
/** Entries listed with their record of use, the most shown first. */
const MAX_ENTRIES_LISTED = 10;
/** How much of a command, an error line or an answer an example quotes. */
const QUOTE_CHARS = 300;
/** An entry is found in an answer by this much of its text (answers may cut or rephrase the rest). */
const ENTRY_NEEDLE_CHARS = 80;
/** Shorter entry texts would match answers by accident. */
const MIN_NEEDLE_CHARS = 12;
/** Programs so common as words that naming them does not make an entry specific; and the agent's only tool. */
const GENERIC_NAMES = new Set(['bash', 'shell', 'sh']);
const PER_10K = 10_000;

const fold = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();
const quote = (text: string): string => (text.length <= QUOTE_CHARS ? text : `${text.slice(0, QUOTE_CHARS)}…`);
const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text of an entry with its numbers and ids folded, so two copies of one sentence compare equal. */
const entryKey = (text: string): string => fold(text).replace(/\d+/g, 'n');

interface Rate {
  readonly count: number;
  readonly of: number;
  readonly rate: number | null;
}
const rate = (count: number, of: number): Rate => ({ count, of, rate: ratio(count, of) });

/**
 * Whether an entry is specific: it names a program the replayed calls ran (other than the shell
 * itself) or the repository it is about. A rule restated for every project names neither.
 */
export const isSpecificEntry = (text: string, names: ReadonlySet<string>): boolean => {
  const t = text.toLowerCase();
  for (const name of names) {
    if (name.length < 2 || GENERIC_NAMES.has(name)) continue;
    if (new RegExp(`(?<![\\w.-])${escape(name)}(?![\\w-])`).test(t)) return true;
  }
  return false;
};

/** Whether `entry` was shown in an answer: the first words of its text appear in it. */
const shownIn = (entry: BenchEntry, foldedAnswer: string): boolean => {
  const needle = fold(entry.text).slice(0, ENTRY_NEEDLE_CHARS);
  return needle.length >= MIN_NEEDLE_CHARS && foldedAnswer.includes(needle);
};

interface Occurrence {
  readonly sessionId: string;
  readonly id: string;
  readonly i: number;
}

/** The repository name that names a project (`django`, `psf/requests` -> `requests`). */
const repoName = (repo: string): string => (repo.split('/').pop() ?? repo).toLowerCase();

/**
 * The trajectories benchmark's figures from the replayed sessions (docs/trajectories-bench.md
 * defines each): repeated-failure recall within and across sessions, precision of what engram
 * said before a call beside the base rates, false blocks, learning, per-entry use, examples.
 */
export const scoreTrajectories = (sessions: readonly ReplayedSession[]) => {
  const calls = sessions.flatMap((s) => s.calls.map((c) => ({ s, c, kind: callKind(c.command) })));
  const kindTotals = new Map<string, { calls: number; failed: number }>();
  for (const { c, kind } of calls) {
    const k = kindTotals.get(kind) ?? { calls: 0, failed: 0 };
    k.calls++;
    if (!c.ok) k.failed++;
    kindTotals.set(kind, k);
  }
  const kindRate = (kind: string): number => {
    const k = kindTotals.get(kind);
    return k === undefined || k.calls === 0 ? 0 : k.failed / k.calls;
  };

  const firstSeen = new Map<string, Occurrence>();
  const repeated = { within: { n: 0, caught: 0 }, cross: { n: 0, caught: 0 } };
  const examples = { caught: [] as unknown[], missed: [] as unknown[], falseWarnings: [] as unknown[] };
  const exampleSigs = { caught: new Set<string>(), missed: new Set<string>(), falseWarnings: new Set<string>() };
  const keep = (kind: keyof typeof examples, key: string, example: unknown): void => {
    if (examples[kind].length >= MAX_EXAMPLES || exampleSigs[kind].has(key)) return;
    exampleSigs[kind].add(key);
    examples[kind].push(example);
  };
  interface RepoTally {
    sessions: number;
    calls: number;
    failed: number;
    repeated: number;
    signatures: Map<string, { count: number; line: string }>;
  }
  const byRepo = new Map<string, RepoTally>();
  const flags = { warn: { n: 0, failed: 0, kindRate: 0 }, block: { n: 0, failed: 0, kindRate: 0 } };
  let failedCalls = 0;

  for (const s of sessions) {
    const repo: RepoTally = byRepo.get(s.repo) ?? { sessions: 0, calls: 0, failed: 0, repeated: 0, signatures: new Map<string, { count: number; line: string }>() };
    byRepo.set(s.repo, repo);
    repo.sessions++;
    const inSession = new Set<string>();
    for (const c of s.calls) {
      repo.calls++;
      const flagged = c.answer !== 'none';
      if (flagged) {
        const f = flags[c.answer === 'block' ? 'block' : 'warn'];
        f.n++;
        f.kindRate += kindRate(callKind(c.command));
        if (!c.ok) f.failed++;
        else if (c.answer === 'warn') keep('falseWarnings', c.command, { session: s.id, call: c.i, command: quote(c.command), shown: quote(c.text) });
      }
      if (c.ok) continue;
      failedCalls++;
      repo.failed++;
      const sig = failureSignature(c.output, { killed: c.timeout });
      const line = c.timeout ? sig : errorLine(c.output);
      const earlier = firstSeen.get(sig);
      const within = inSession.has(sig);
      if (within || earlier !== undefined) {
        const bucket = within ? repeated.within : repeated.cross;
        bucket.n++;
        repo.repeated++;
        const seen = repo.signatures.get(sig) ?? { count: 0, line };
        seen.count++;
        repo.signatures.set(sig, seen);
        const example = { session: s.id, call: c.i, command: quote(c.command), errorLine: quote(line), signature: sig, firstSeen: earlier, within };
        if (flagged) {
          bucket.caught++;
          keep('caught', sig, { ...example, answer: c.answer, shown: quote(c.text) });
        } else keep('missed', sig, example);
      }
      inSession.add(sig);
      if (earlier === undefined) firstSeen.set(sig, { sessionId: s.sessionId, id: s.id, i: c.i });
    }
  }

  const total = calls.length;
  const flaggedN = flags.warn.n + flags.block.n;
  const flaggedFailed = flags.warn.failed + flags.block.failed;
  const precisionOf = (f: { n: number; failed: number; kindRate: number }) => ({
    ...rate(f.failed, f.n),
    /** The failure rate of the flagged calls' kinds, averaged over them: what flagging at random within each kind would score. */
    kindBaseRate: f.n === 0 ? null : Math.round((f.kindRate / f.n) * 10_000) / 10_000,
    lift: f.n === 0 || f.kindRate === 0 ? null : Math.round((f.failed / f.kindRate) * 100) / 100,
  });

  // Learning and per-entry use.
  const names = new Set<string>();
  for (const { s, c } of calls) {
    for (const p of commandPrograms(c.command)) names.add(p);
    names.add(repoName(s.repo));
  }
  const seenKeys = new Map<string, number>();
  let newEntries = 0;
  let specific = 0;
  let duplicates = 0;
  let genericDuplicates = 0;
  const use = new Map<string, { entry: BenchEntry; shown: number; thenFailed: number; thenSucceeded: number }>();
  for (const s of sessions) {
    for (const e of s.newEntries) {
      newEntries++;
      const isSpecific = isSpecificEntry(e.text, names);
      if (isSpecific) specific++;
      const key = entryKey(e.text);
      if ((seenKeys.get(key) ?? 0) > 0) {
        duplicates++;
        if (!isSpecific) genericDuplicates++;
      }
      seenKeys.set(key, (seenKeys.get(key) ?? 0) + 1);
    }
    for (const c of s.calls) {
      if (c.answer === 'none' || c.text === '') continue;
      const answer = fold(c.text);
      for (const e of s.entries) {
        if (!shownIn(e, answer)) continue;
        const u = use.get(e.id) ?? { entry: e, shown: 0, thenFailed: 0, thenSucceeded: 0 };
        u.shown++;
        if (c.ok) u.thenSucceeded++;
        else u.thenFailed++;
        use.set(e.id, u);
      }
    }
  }
  const uses = [...use.values()];
  const topRepo = [...byRepo.entries()].sort((a, b) => b[1].repeated - a[1].repeated)[0];

  return {
    sessions: sessions.length,
    calls: total,
    failedCalls,
    baseRate: ratio(failedCalls, total),
    recall: {
      within: rate(repeated.within.caught, repeated.within.n),
      crossSession: rate(repeated.cross.caught, repeated.cross.n),
      all: rate(repeated.within.caught + repeated.cross.caught, repeated.within.n + repeated.cross.n),
    },
    precision: {
      flagged: { ...precisionOf({ n: flaggedN, failed: flaggedFailed, kindRate: flags.warn.kindRate + flags.block.kindRate }) },
      warnings: precisionOf(flags.warn),
      blocks: precisionOf(flags.block),
    },
    falseBlocks: { count: flags.block.n - flags.block.failed, of: flags.block.n, per10kCalls: total === 0 ? null : Math.round(((flags.block.n - flags.block.failed) / total) * PER_10K * 100) / 100 },
    learning: {
      newEntries,
      newSpecificEntries: specific,
      specificPerSession: ratio(specific, sessions.length),
      duplicates,
      genericDuplicates,
    },
    entryUse: {
      entriesShown: uses.length,
      shows: uses.reduce((n, u) => n + u.shown, 0),
      thenFailed: uses.reduce((n, u) => n + u.thenFailed, 0),
      thenSucceeded: uses.reduce((n, u) => n + u.thenSucceeded, 0),
      mostShown: uses
        .sort((a, b) => b.shown - a.shown)
        .slice(0, MAX_ENTRIES_LISTED)
        .map((u) => ({ id: u.entry.id, scope: u.entry.scope, kind: u.entry.kind, text: quote(u.entry.text), shown: u.shown, thenFailed: u.thenFailed, thenSucceeded: u.thenSucceeded })),
    },
    examples,
    mostRepeatedRepo:
      topRepo === undefined || topRepo[1].repeated === 0
        ? null
        : {
            repo: topRepo[0],
            sessions: topRepo[1].sessions,
            calls: topRepo[1].calls,
            failed: topRepo[1].failed,
            repeated: topRepo[1].repeated,
            topSignatures: [...topRepo[1].signatures.entries()]
              .sort((a, b) => b[1].count - a[1].count)
              .slice(0, MAX_EXAMPLES)
              .map(([signature, v]) => ({ signature, repeats: v.count, errorLine: quote(v.line) })),
            learned: (sessions.at(-1)?.entries ?? []).filter((e) => e.scope === topRepo[0]).slice(0, MAX_ENTRIES_LISTED).map((e) => ({ id: e.id, kind: e.kind, text: quote(e.text) })),
          },
  };
};

