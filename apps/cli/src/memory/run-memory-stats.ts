import { MemoryUsageError, defaultIo, runMemoryCommand, type MemoryRootOptions } from './open-memory.js';
import { rankingLine, rankingStatus, withActiveBrain as withAuditBrain } from '@engram/runtime';

export interface MemoryStatsOptions extends MemoryRootOptions {
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
  /** Pins "now" for the staleness window (ISO time); default the wall clock. */
  readonly now?: string;
}

const pct = (r: number | null): string => (r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`);

/**
 * `engram memory stats`: the injection audit, computed from the project's and the global event
 * logs (or the active store's, `--store`), plus the stored rules and lessons no injection chose in
 * the last 60 days (ageing out).
 */
export const runMemoryStats = (options: MemoryStatsOptions): Promise<number> =>
  runMemoryCommand('stats', defaultIo, async () => {
    const nowMs = options.now === undefined ? undefined : Date.parse(options.now);
    if (nowMs !== undefined && Number.isNaN(nowMs)) throw new MemoryUsageError(`--now must be an ISO time, not ${JSON.stringify(options.now)}`);
    const { logs: files, problems, stale, callLessons, ...stats } = await withAuditBrain(options, async (brain) => ({ ...(await brain.memory.stats(nowMs === undefined ? {} : { now: nowMs })), ranking: await rankingStatus(brain) }));
    for (const p of problems) process.stderr.write(`warning: ${p}\n`);
    if (options.json) process.stdout.write(`${JSON.stringify({ logs: files.length, ...stats, stale, callLessons })}\n`);
    else
      process.stdout.write(
        [
          `logs ${files.length}, sessions ${stats.sessions}, turns ${stats.turns}`,
          rankingLine(stats.ranking),
          `injections per turn      ${stats.injectionsPerTurn} (${stats.injectedItemsPerTurn} items)`,
          `hit rate                 ${pct(stats.hitRate.rate)} (${stats.hitRate.hits} of ${stats.hitRate.turns} turns with a learned rule injected: its pattern did not fire again)`,
          `false-learning rate      ${pct(stats.falseLearningRate.rate)} (of ${stats.falseLearningRate.learned} learned items: ${stats.falseLearningRate.contradicted} contradicted, ${stats.falseLearningRate.removed} removed by the user, ${stats.falseLearningRate.archived} promoted instincts archived)`,
          `promotion precision      ${pct(stats.promotionPrecision.rate)} (${stats.promotionPrecision.recurred} of ${stats.promotionPrecision.judged} promoted instincts with later sessions recurred; ${stats.promotionPrecision.promoted} promoted)`,
          `model cost per turn      $${stats.costPerTurnUsd.turn.toFixed(6)} for the turn, $${stats.costPerTurnUsd.background.toFixed(6)} for background learning`,
          stale.judged
            ? `stale (never chosen in ${stale.windowDays} days) ${stale.items.length}${stale.items.map((i) => `\n  ${i.id}: ${i.text}`).join('')}`
            : `stale                    not judged (${stale.injections} injections in ${stale.windowDays} days; too few to tell)`,
          `call lessons             ${callLessons.length}${callLessons.map((l) => `\n  ${l.standing.padEnd(7)} shown ${l.shown}, ignored ${l.ignored}, other error ${l.otherError}, heeded ${l.heeded}; learned ${l.learned}: \`${l.pattern}\` (${l.tool}) "${l.errorLine}"`).join('')}`,
          '',
        ].join('\n'),
      );
    return 0;
  });
