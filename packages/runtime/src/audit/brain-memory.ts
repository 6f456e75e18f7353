import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { Clock, EngramScope, MemoryEntry } from '@engram/kernel';
import type { EngramPaths } from '../engram-paths.js';
import type { MemoryMode } from '../engram-session.js';
import { auditLogDirs } from './audit-log-dirs.js';
import { computeMemoryStats, type MemoryStats } from './compute-memory-stats.js';
import { fileSessionLogs } from '../effects/file-session-logs.js';
import type { BrainStores } from '../brain-stores.js';
import type { SessionLogs } from '../session-logs.js';
import { openMemory } from '../open/open-memory.js';
import { fileMemoryStores } from '../open/file-memory-stores.js';
import { recordEvents } from './record-events.js';
import { forgetSubject } from '../effects/forget/forget-subject.js';
import type { ForgetReport } from '../effects/forget/forget-report.js';
import { supersessionChain, type SupersessionLink } from './supersession-chain.js';
import { MemoryHistory, type MemoryHistoryRecord } from '@engram/hippocampus';
import { staleEntries, type StaleEntries } from './stale-entries.js';
import { normalizeEntryText, traceProvenance, type Provenance } from './trace-provenance.js';
import { callLessonRecord, callRecordSummary, type CallLessonRecord, type CallRecordSummary } from '@engram/cerebellum';
import { FileCallLessons } from '../effects/file-call-lessons.js';
import { FileCallOutcomes } from '../effects/file-call-outcomes.js';

/** `brain.memory.stats()`: the injection audit over every event log, and what ageing out would prune. */
export interface MemoryAudit extends MemoryStats {
  /** The log files read, in session order. */
  readonly logs: readonly string[];
  /** Bad lines (`file:line: field: problem`) and unreadable files; each was skipped. */
  readonly problems: readonly string[];
  readonly stale: StaleEntries;
  /** The project's call lessons, each with its record of use and standing (issue 24 item 6); most shown first. */
  readonly callLessons: readonly CallLessonRecord[];
  /** The project's record of calls (how many patterns, the top failing ones), null without a project folder. */
  readonly callRecord: CallRecordSummary | null;
}

export interface FoundEntry extends MemoryEntry {
  readonly store: EngramScope;
}

/** `brain.memory.why(text)`: the entries that match, and where each encoding of their text came from. */
export interface MemoryWhy {
  readonly query: string;
  readonly entries: readonly FoundEntry[];
  readonly provenance: readonly Provenance[];
  /** Bad lines met in the logs read (`file:line: field: problem`). */
  readonly notes: readonly string[];
  /** The chain of corrections the entry belongs to (retired entries from `memory/history.jsonl`), oldest first. */
  readonly history: readonly SupersessionLink[];
}

export interface PrunedStale extends StaleEntries {
  /** Bad lines and unreadable files met in the logs read; each was skipped. */
  readonly problems: readonly string[];
  readonly removed: readonly { readonly id: string; readonly scope: EngramScope; readonly text: string }[];
}

export interface BrainMemory {
  /** The audit (issue 8): injections per turn, hit rate, false-learning rate, promotion precision, cost, stale entries. `now` ends the staleness window (ms; default the brain's clock). */
  stats(options?: { readonly now?: number }): Promise<MemoryAudit>;
  /** Provenance of an entry, found by id, exact text or else a substring; a text no longer stored is traced as given. */
  why(query: string): Promise<MemoryWhy>;
  /**
   * Ageing out: the rules and lessons no injection chose for 60 days; with `remove`, each is removed
   * under its store's lock and recorded as `hippocampus.engram.removed` (by `ageing`).
   */
  pruneStale(options?: { readonly now?: number; readonly remove?: boolean }): Promise<PrunedStale>;
  /**
   * Forgets a subject everywhere under the home and the project's `.engram` (docs/forget.md): the
   * preview by default; with `apply`, removes entries, items, episodes, skills and instincts that
   * mention it and redacts it from event logs and other files engram owns.
   */
  forget(subject: string, options?: { readonly apply?: boolean }): Promise<ForgetReport>;
}

/** The encoding's type: logs without one hold no provenance and are not parsed at all. */
const ENCODED = 'hippocampus.engram.encoded';

/** Every log's events, in session order; a bad line or an unreadable log is a problem, and the rest is still read. */
const readAll = async (source: SessionLogs) => {
  const files: string[] = [];
  const logs: AnyEnvelope[][] = [];
  const problems: string[] = [];
  for (const log of await source.list()) {
    files.push(log.location);
    try {
      const r = await source.read(log);
      logs.push([...r.events]);
      problems.push(...r.problems);
    } catch (err) {
      logs.push([]);
      problems.push(`${log.location}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { files, logs, problems };
};

/**
 * The audit, provenance and ageing out of one brain's memory, read from its event logs: the
 * files (`store` null: the project's and the global events folders, the memory files), or the
 * brain's store (`BrainStores`: its logs, semantic memory and pending queue; removals by ageing
 * are recorded in its event log).
 */
export const brainMemory = (paths: EngramPaths, mode: MemoryMode, clock: Clock, store: BrainStores | null = null): BrainMemory => {
  // The audit judges and prunes over the stores as a session writes them, so it opens memory as a session does (no sink: nothing here is a session's event).
  const memory = () => {
    const stores = store ?? fileMemoryStores(paths, clock);
    const { global, project } = stores.semantic;
    return { cortex: openMemory(stores, { mode, clock }), stores: project === null ? { global } : { global, project } };
  };
  const source = store?.logs ?? fileSessionLogs(auditLogDirs(paths));
  const stale = async (now: number | undefined) => {
    const read = await readAll(source);
    return { read, stale: await staleEntries(memory(), read.logs, now ?? clock.now()) };
  };
  return {
    stats: async (options = {}) => {
      const { read, stale: s } = await stale(options.now);
      const lessons = paths.projectDir === null || paths.project === null ? null : new FileCallLessons(paths.projectDir, paths.project).list();
      const callLessons = (lessons?.lessons ?? []).map((l) => callLessonRecord(l)).sort((a, b) => b.shown - a.shown || b.learned - a.learned);
      const outcomes = paths.projectDir === null || paths.project === null ? null : new FileCallOutcomes(paths.projectDir, paths.project).list();
      const callRecord = outcomes === null ? null : callRecordSummary(outcomes.outcomes);
      return { logs: read.files, problems: [...read.problems, ...(lessons?.problems ?? []), ...(outcomes?.problems ?? [])], ...computeMemoryStats(read.logs), stale: s, callLessons, callRecord };
    },
    why: async (query) => {
      const m = memory();
      const entries: FoundEntry[] = [];
      for (const scope of ['global', 'project'] as const) {
        const snap = await m.stores[scope]?.read();
        if (snap !== undefined) for (const e of [...snap.rules, ...snap.lessons, ...snap.identities]) entries.push({ ...e, store: scope });
      }
      const q = normalizeEntryText(query);
      const exact = entries.filter((e) => e.id === query.trim() || normalizeEntryText(e.text) === q);
      const matched = exact.length > 0 ? exact : entries.filter((e) => normalizeEntryText(e.text).includes(q));
      const texts = new Set(matched.map((e) => normalizeEntryText(e.text)));
      if (matched.length === 0) texts.add(q);
      const provenance: Provenance[] = [];
      const notes: string[] = [];
      const records: (MemoryHistoryRecord & { store: EngramScope })[] = [];
      // Retired entries' history: beside each scope's memory on files (read with its problems), in the store's table on a database.
      for (const scope of ['global', 'project'] as const) {
        if (store !== null) {
          const h = store.histories[scope];
          if (h !== null) for (const r of await h.records()) records.push({ ...r, store: scope });
          continue;
        }
        if (scope === 'project' && paths.projectMemoryDir === null) continue;
        const h = new MemoryHistory(paths.memoryDir(scope), { root: scope === 'global' ? paths.home : paths.rootOf(paths.memoryDir(scope)) }).read();
        for (const r of h.records) records.push({ ...r, store: scope });
        for (const p of h.problems) notes.push(`${p.file}:${p.line}: ${p.problem}`);
      }
      const history = supersessionChain(records, matched.map((e) => e.id), query);
      for (const link of history) texts.add(normalizeEntryText(link.text));
      for (const log of await source.list()) {
        const r = await source.read(log, { ifHolds: ENCODED });
        notes.push(...r.problems);
        provenance.push(...traceProvenance(r.events, log.location, texts));
      }
      return { query, entries: matched, provenance, notes, history };
    },
    forget: (subject, options = {}) => forgetSubject(paths, subject, { apply: options.apply === true, clock }),
    pruneStale: async (options = {}) => {
      const now = options.now ?? clock.now();
      const m = memory();
      const { read, stale: s } = await stale(now);
      const removed: { id: string; scope: EngramScope; text: string }[] = [];
      if (options.remove === true) {
        const drafts: Partial<Record<EngramScope, AnyDraft[]>> = {};
        for (const item of s.items)
          for (const scope of ['global', 'project'] as const) {
            const r = await m.stores[scope]?.remove(item.id);
            if (r?.outcome !== 'removed') continue;
            removed.push({ id: item.id, scope, text: item.text });
            (drafts[scope] ??= []).push(draft('hippocampus.engram.removed', { entryId: item.id, scope, text: item.text, by: 'ageing' }));
          }
        // A database keeps one log for the tenant's sessions: the records go there, where the audit reads them.
        const into = (dir: string) => (store === null ? dir : (sessionId: string) => store.eventLog(sessionId));
        if (drafts.global) await recordEvents(into(paths.globalEventsDir), now, drafts.global);
        if (drafts.project && paths.project !== null) await recordEvents(into(paths.eventsDirOf('project')), now, drafts.project);
      }
      return { ...s, removed, problems: read.problems };
    },
  };
};
