import { draft, type AnyDraft } from '@engram/events';
import type { EngramScope } from '@engram/kernel';
import { recordEvents } from '../audit/record-events.js';
import { eventLogDirs, readEventLogs } from './event-log-files.js';
import { MemoryUsageError, defaultIo, openMemory, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { staleEntries } from './stale-entries.js';

export interface MemoryPruneStaleOptions extends MemoryRootOptions {
  /** Remove what the preview shows; without it nothing is changed. */
  readonly yes?: boolean;
  readonly json?: boolean;
  /** Where the 60-day window ends (ISO time); default now. */
  readonly now?: string;
}

/**
 * `engram memory prune-stale`: ageing out, on request. Shows the rules and lessons no injection
 * chose for 60 days (`engram memory stats` lists the same); with `--yes` removes them, each by id
 * under its store's lock, and records each removal as `hippocampus.engram.removed` (by `ageing`,
 * which the false-learning rate does not count). Nothing is judged, so nothing goes, when the
 * logs hold too few injections to tell.
 */
export const runMemoryPruneStale = (options: MemoryPruneStaleOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('prune-stale', io, async () => {
    const nowMs = options.now === undefined ? Date.now() : Date.parse(options.now);
    if (Number.isNaN(nowMs)) throw new MemoryUsageError(`--now must be an ISO time, not ${JSON.stringify(options.now)}`);
    const m = openMemory(options);
    const read = readEventLogs(eventLogDirs(m.home, m.project));
    for (const p of read.problems) io.err(`warning: ${p}\n`);
    const stale = await staleEntries(m, read.logs, nowMs);
    const removed: { id: string; scope: EngramScope; text: string }[] = [];
    if (options.yes === true) {
      const drafts: Partial<Record<EngramScope, AnyDraft[]>> = {};
      for (const item of stale.items)
        for (const scope of ['global', 'project'] as const) {
          const r = await m.stores[scope].remove(item.id);
          if (r.outcome !== 'removed') continue;
          removed.push({ id: item.id, scope, text: item.text });
          (drafts[scope] ??= []).push(draft('hippocampus.engram.removed', { entryId: item.id, scope, text: item.text, by: 'ageing' }));
        }
      if (drafts.global) await recordEvents(m.paths.globalEventsDir, nowMs, drafts.global);
      if (drafts.project) await recordEvents(m.paths.eventsDirOf('project'), nowMs, drafts.project);
    }
    if (options.json === true) io.out(`${JSON.stringify({ ...stale, removed })}\n`);
    else if (!stale.judged) io.out(`not judged: ${stale.injections} injections in the last ${stale.windowDays} days are too few to tell what is unused; nothing removed\n`);
    else {
      io.out(`${stale.items.length} entries no injection chose in ${stale.windowDays} days${stale.items.length === 0 ? '' : ':'}\n`);
      for (const i of stale.items) io.out(`  - ${i.id} (${i.kind}): ${i.text}\n`);
      if (options.yes === true) io.out(`removed ${removed.length}\n`);
      else if (stale.items.length > 0) io.out('run again with --yes to remove them\n');
    }
    return 0;
  });
