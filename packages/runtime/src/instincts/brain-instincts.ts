import { join } from 'node:path';
import { analyzeSummaries, defaultBasalGangliaParams, InstinctStore, type Instinct, type InstinctPlan, type PatternScore } from '@engram/basal-ganglia';
import { nodeFsPort, readTextContained, writeFileAtomic, type FsPort } from '@engram/fs';
import type { Clock } from '@engram/kernel';
import { auditLogDirs } from '../audit/audit-memory.js';
import type { EngramPaths } from '../engram-paths.js';
import { ANALYSIS_STATE_FILE, expireOldLogs, parseAnalysisState, renderAnalysisState } from './analysis-state.js';
import { recordLifecycle } from './record-lifecycle.js';
import { stateCache } from './state-cache.js';
import { syncAnalysisState } from '../effects/sync-analysis-state.js';

/**
 * How long a session's end may spend reading logs it has not summarised yet (a backlog after an
 * upgrade, logs copied in): far under a hook's patience; what is left is read at the next end.
 */
export const SETTLE_READ_BUDGET_MS = 30;

/**
 * The analysis state is a cache of the logs: written atomically (a reader sees the old or the new
 * file, never half of one) but not synced to disk, since after a power loss it is rebuilt from
 * the logs, and two syncs per session end were a large share of the analysis's time.
 */
const cachePort: FsPort = { ...nodeFsPort, fsync: () => undefined };

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
  /** Re-scores tracked instincts and archives decayed or stale ones; with `id`, archives that one by hand (a `RangeError` when it is not tracked). */
  archive(options?: InstinctOptions & { readonly id?: string }): Promise<InstinctRun>;
  /** Tracked instincts (with `all`, archived ones too), strongest first. */
  list(options?: InstinctOptions & { readonly all?: boolean }): StoredInstinctList;
  /** One instinct, tracked or archived, with its file; null when unknown. */
  show(id: string, options?: InstinctOptions): { readonly instinctsDir: string; readonly found: { readonly instinct: Instinct; readonly file: string } | null };
}

/** The basal-ganglia habit loop over a brain's event logs (seed 003's learning loop), as library calls. */
export const brainInstincts = (paths: EngramPaths, clock: Clock): BrainInstincts => {
  const dirs = (scope: InstinctScope = 'project') => {
    const s = scope === 'project' && paths.project !== null ? 'project' : 'global';
    return { instinctsDir: paths.instinctsDir(s), eventsDir: paths.eventsDirOf(s) };
  };
  const loop = async (command: 'analyze' | 'promote' | 'archive', o: InstinctOptions & { readonly id?: string; readonly readBudgetMs?: number }): Promise<InstinctRun> => {
    const now = o.now ?? clock.now();
    const { instinctsDir, eventsDir } = dirs(o.scope);
    const store = new InstinctStore(instinctsDir);
    // Read, analyse and write as one step under the store's lock: a concurrent run cannot lose this one's update.
    const decided = await store.locked((tx) => {
      const stored = tx.read();
      const problems = stored.problems.map((p) => `${p.file}: ${p.problem}`);
      let plan: InstinctPlan;
      let observations = 0;
      let scores: readonly PatternScore[] = [];
      let logs: readonly string[] = [];
      let read: readonly string[] = [];
      let complete = true;
      if (command === 'archive' && o.id !== undefined) {
        const target = stored.tracked.find((i) => i.id === o.id);
        if (target === undefined) throw new RangeError(`no tracked instinct ${JSON.stringify(o.id)} in ${instinctsDir}`);
        const archived: Instinct = { ...target, status: 'archived', archivedAt: new Date(now).toISOString(), archiveReason: 'manual' };
        plan = { active: stored.tracked.filter((i) => i !== target), archived: [archived], promoted: [], promotable: [] };
      } else {
        // Only logs new or changed since the last analysis are read; the others' summaries are kept.
        const params = defaultBasalGangliaParams;
        const stateFile = join(instinctsDir, ANALYSIS_STATE_FILE);
        const prior = stateCache.get(stateFile, params.recoveryLookahead) ?? parseAnalysisState(readTextContained(store.root, stateFile), params.recoveryLookahead);
        const synced = syncAnalysisState(auditLogDirs(paths), prior, now, Date.now() + (o.readBudgetMs ?? Number.POSITIVE_INFINITY));
        const state = expireOldLogs(synced.state, now, params.windowDays);
        writeFileAtomic(stateFile, renderAnalysisState(state), { root: store.root, port: cachePort });
        stateCache.put(stateFile, state);
        ({ files: logs, read, complete } = synced);
        for (const file of logs) problems.push(...(state.logs[file]?.problems ?? []));
        if (!complete) return { plan: { active: stored.tracked, archived: [], promoted: [], promotable: [] }, observations, scores, logs, read, complete, problems };
        const entries = Object.values(state.logs);
        observations = entries.reduce((n, e) => n + e.calls, 0);
        ({ plan, scores } = analyzeSummaries({ summaries: entries.flatMap((e) => e.sessions), existing: stored.tracked, now, params, track: command !== 'archive', promote: command === 'promote' }));
      }
      tx.write(plan);
      return { plan, observations, scores, logs, read, complete, problems };
    });
    const { plan, observations, scores, logs, read, complete, problems } = decided;
    let auditError: Error | null = null;
    try {
      await recordLifecycle(eventsDir, now, plan);
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
    list: (o = {}) => {
      const { instinctsDir } = dirs(o.scope);
      const stored = new InstinctStore(instinctsDir).read();
      const instincts = [...stored.tracked, ...(o.all === true ? stored.archived : [])].sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id));
      return { instinctsDir, instincts, problems: stored.problems.map((p) => `${p.file}: ${p.problem}`) };
    },
    show: (id, o = {}) => {
      const { instinctsDir } = dirs(o.scope);
      const store = new InstinctStore(instinctsDir);
      const stored = store.read();
      const instinct = [...stored.tracked, ...stored.archived].find((i) => i.id === id);
      return { instinctsDir, found: instinct === undefined ? null : { instinct, file: store.fileOf(instinct) } };
    },
  };
};
