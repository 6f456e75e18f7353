import { analyzeSummaries, defaultBasalGangliaParams, type Instinct, type InstinctPlan, type PatternScore } from '@engram/basal-ganglia';
import type { Clock } from '@engram/kernel';
import type { BrainStores } from '../brain-stores.js';
import type { EngramPaths } from '../engram-paths.js';
import { expireOldLogs } from './analysis-state.js';
import { recordLifecycle } from './record-lifecycle.js';
import { syncAnalysisState } from '../effects/sync-analysis-state.js';
import { ArgumentError } from '../argument-error.js';
import { compareCodeUnits } from '@engram/kernel';

/**
 * How long a session's end may spend reading logs it has not summarised yet (a backlog after an
 * upgrade, logs copied in): far under a hook's patience; what is left is read at the next end.
 */
const SETTLE_READ_BUDGET_MS = 30;

/** Which `instincts/` folder: the project's (`<project>/.engram/instincts`) or the global one (`$ENGRAM_HOME/instincts`). */
export type InstinctScope = 'project' | 'global';

export interface InstinctOptions {
  /** Default `project` (the global folder when the brain has no project). */
  readonly scope?: InstinctScope;
  /** Analyse as of this time (ms); default the brain's clock. */
  readonly now?: number;
}

/** What one run of the loop decided and wrote. */
export interface InstinctRun {
  readonly now: number;
  readonly instinctsDir: string;
  readonly rulesFile: string;
  /** Where the promotions and archives are recorded as events. */
  readonly eventsDir: string;
  /** The event logs analysed (none for a manual archive). */
  readonly logs: readonly string[];
  /** The logs read in this run: the others were unchanged since the last analysis, whose summaries were kept. */
  readonly read: readonly string[];
  /**
   * False when `settle`'s read budget ran out before every new log was read: the summaries read
   * so far are kept, nothing was scored or written, and the next run carries on.
   */
  readonly complete: boolean;
  /** Tool calls observed in the window. */
  readonly observations: number;
  readonly scores: readonly PatternScore[];
  readonly plan: InstinctPlan;
  /** Unreadable instinct files and log lines; each was skipped. */
  readonly problems: readonly string[];
  /**
   * Set when the instinct files were written but recording the promotions and archives as audit
   * events failed: nothing decided is lost, but `memory.stats()` will not see them.
   */
  readonly auditError: Error | null;
}

export interface StoredInstinctList {
  readonly instinctsDir: string;
  readonly instincts: readonly Instinct[];
  readonly problems: readonly string[];
}

export interface BrainInstincts {
  /** Scores the 7-day window of tool calls, tracks instincts at 50% or more, archives decayed ones. */
  analyze(options?: InstinctOptions): Promise<InstinctRun>;
  /** `analyze`, then promotes instincts that meet the bar into `generated-rules.md`. */
  promote(options?: InstinctOptions): Promise<InstinctRun>;
  /**
   * The loop as it runs at a session's end: `promote` over the incremental state, reading only new
   * or changed logs, and at most `readBudgetMs` of them (default `SETTLE_READ_BUDGET_MS`).
   */
  settle(options?: InstinctOptions & { readonly readBudgetMs?: number }): Promise<InstinctRun>;
  /** Re-scores tracked instincts and archives decayed or stale ones; with `id`, archives that one by hand (an `ArgumentError` when it is not tracked). */
  archive(options?: InstinctOptions & { readonly id?: string }): Promise<InstinctRun>;
  /** Tracked instincts (with `all`, archived ones too), strongest first. */
  list(options?: InstinctOptions & { readonly all?: boolean }): Promise<StoredInstinctList>;
  /** One instinct, tracked or archived, with its file (or row); null when unknown. */
  show(id: string, options?: InstinctOptions): Promise<{ readonly instinctsDir: string; readonly found: { readonly instinct: Instinct; readonly file: string } | null }>;
}

/**
 * The basal-ganglia habit loop over a brain's event logs (seed 003's learning loop), as library
 * calls, on whichever store the brain has (`BrainStores`): the logs are listed and read through
 * `stores.logs`, the instincts kept in `stores.instincts(scope)`, the incremental analysis in
 * `stores.analysisState(scope)`, and promotions and archives recorded in the scope's events
 * folder (files) or the store's event log (PostgreSQL), where the audit reads them.
 */
export const brainInstincts = (paths: EngramPaths, clock: Clock, stores: () => BrainStores): BrainInstincts => {
  const open = (scope: InstinctScope = 'project') => {
    const s: InstinctScope = scope === 'project' && paths.project !== null ? 'project' : 'global';
    const st = stores();
    const store = st.instincts(s);
    return {
      st,
      s,
      store,
      instinctsDir: store.location,
      // Files: the scope's own events folder, as before there was a choice; a database: the store's log.
      eventsDir: st.kind === 'files' ? paths.eventsDirOf(s) : `${st.location} events`,
      lifecycleLog: st.kind === 'files' ? paths.eventsDirOf(s) : (sessionId: string) => st.eventLog(sessionId),
    };
  };
  const problemsOf = (p: readonly { readonly file: string; readonly problem: string }[]) => p.map((x) => `${x.file}: ${x.problem}`);
  const loop = async (command: 'analyze' | 'promote' | 'archive', o: InstinctOptions & { readonly id?: string; readonly readBudgetMs?: number }): Promise<InstinctRun> => {
    const now = o.now ?? clock.now();
    const { st, s, store, instinctsDir, eventsDir, lifecycleLog } = open(o.scope);
    const manual = command === 'archive' && o.id !== undefined;
    const params = defaultBasalGangliaParams;
    const cache = st.analysisState(s);
    // Only logs new or changed since the last analysis are read; the others' summaries are kept.
    // Read before the lock: the state is a cache, so a concurrent run at worst reads a log again.
    const synced = manual ? null : await syncAnalysisState(st.logs, await cache.load(params.recoveryLookahead), now, Date.now() + (o.readBudgetMs ?? Number.POSITIVE_INFINITY));
    // Analyse and write as one step under the store's lock: a concurrent run cannot lose this one's update.
    const decided = await store.locked(async (tx) => {
      const stored = await tx.read();
      const problems = problemsOf(stored.problems);
      let plan: InstinctPlan;
      let observations = 0;
      let scores: readonly PatternScore[] = [];
      let logs: readonly string[] = [];
      let read: readonly string[] = [];
      let complete = true;
      if (synced === null) {
        const target = stored.tracked.find((i) => i.id === o.id);
        if (target === undefined) throw new ArgumentError({ reason: 'unknown-instinct', message: `no tracked instinct ${JSON.stringify(o.id)} in ${instinctsDir}` });
        const archived: Instinct = { ...target, status: 'archived', archivedAt: new Date(now).toISOString(), archiveReason: 'manual' };
        plan = { active: stored.tracked.filter((i) => i !== target), archived: [archived], promoted: [], promotable: [] };
      } else {
        const state = expireOldLogs(synced.state, now, params.windowDays);
        await cache.save(state);
        ({ files: logs, read, complete } = synced);
        for (const file of logs) problems.push(...(state.logs[file]?.problems ?? []));
        if (!complete) return { plan: { active: stored.tracked, archived: [], promoted: [], promotable: [] }, observations, scores, logs, read, complete, problems };
        const entries = Object.values(state.logs);
        observations = entries.reduce((n, e) => n + e.calls, 0);
        ({ plan, scores } = analyzeSummaries({ summaries: entries.flatMap((e) => e.sessions), existing: stored.tracked, now, params, track: command !== 'archive', promote: command === 'promote' }));
      }
      await tx.write(plan);
      return { plan, observations, scores, logs, read, complete, problems };
    });
    const { plan, observations, scores, logs, read, complete, problems } = decided;
    let auditError: Error | null = null;
    try {
      await recordLifecycle(lifecycleLog, now, plan);
    } catch (err) {
      auditError = err instanceof Error ? err : new Error(String(err));
    }
    return { now, instinctsDir, rulesFile: store.rulesFile, eventsDir, logs, read, complete, observations, scores, plan, problems, auditError };
  };
  return {
    analyze: (o = {}) => loop('analyze', o),
    promote: (o = {}) => loop('promote', o),
    settle: (o = {}) => loop('promote', { ...o, readBudgetMs: o.readBudgetMs ?? SETTLE_READ_BUDGET_MS }),
    archive: (o = {}) => loop('archive', o),
    list: async (o = {}) => {
      const { store, instinctsDir } = open(o.scope);
      const stored = await store.read();
      const instincts = [...stored.tracked, ...(o.all === true ? stored.archived : [])].sort((a, b) => b.confidence - a.confidence || compareCodeUnits(a.id, b.id));
      return { instinctsDir, instincts, problems: problemsOf(stored.problems) };
    },
    show: async (id, o = {}) => {
      const { store, instinctsDir } = open(o.scope);
      const stored = await store.read();
      const instinct = [...stored.tracked, ...stored.archived].find((i) => i.id === id);
      return { instinctsDir, found: instinct === undefined ? null : { instinct, file: store.fileOf(instinct) } };
    },
  };
};
