import { MemoryUsageError, defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { withActiveBrain as withAuditBrain } from '@engram/runtime';

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
    const { problems, ...pruned } = await withAuditBrain(options, (brain) => brain.memory.pruneStale({ now: nowMs, remove: options.yes === true }));
    for (const p of problems) io.err(`warning: ${p}\n`);
    const { removed, ...stale } = pruned;
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
