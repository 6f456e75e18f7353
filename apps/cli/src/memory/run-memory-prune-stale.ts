import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { memoryText, withActiveBrain as withAuditBrain, MemoryUsageError } from '@engram/runtime';

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
    if (Number.isNaN(nowMs)) throw new MemoryUsageError({ reason: 'invalid', message: `--now must be an ISO time, not ${JSON.stringify(options.now)}` });
    const { problems, ...pruned } = await withAuditBrain(options, (brain) => brain.memory.pruneStale({ now: nowMs, remove: options.yes === true }));
    for (const p of problems) io.err(`warning: ${p}\n`);
    const { removed, ...stale } = pruned;
    io.out(options.json === true ? `${JSON.stringify({ ...stale, removed })}\n` : memoryText.pruneStale(pruned, options.yes === true));
    return 0;
  });
