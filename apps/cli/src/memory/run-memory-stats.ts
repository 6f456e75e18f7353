import { resolve } from 'node:path';
import { homedir } from 'node:os';
import { readLogFile } from '@engram/store';
import { computeMemoryStats } from './compute-memory-stats.js';
import { eventLogDirs, jsonlFilesIn } from './event-log-files.js';

export interface MemoryStatsOptions {
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
}

const pct = (r: number | null): string => (r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`);

/** `engram memory stats`: the injection audit, computed from the project's and the global event logs. */
export const runMemoryStats = (options: MemoryStatsOptions): number => {
  const home = resolve(options.home ?? process.env.ENGRAM_HOME ?? resolve(homedir(), '.engram'));
  const project = resolve(options.project ?? '.');
  const files = eventLogDirs(home, project).flatMap(jsonlFilesIn);
  // Session ids start with their local start time, so sorting by file name is time order.
  const logs = files.sort((a, b) => (a.split('/').at(-1) ?? '').localeCompare(b.split('/').at(-1) ?? '')).map((f) => readLogFile(f).events);
  const stats = computeMemoryStats(logs);
  if (options.json) process.stdout.write(`${JSON.stringify({ logs: files.length, ...stats })}\n`);
  else
    process.stdout.write(
      [
        `logs ${files.length}, sessions ${stats.sessions}, turns ${stats.turns}`,
        `injections per turn      ${stats.injectionsPerTurn} (${stats.injectedItemsPerTurn} items)`,
        `hit rate                 ${pct(stats.hitRate.rate)} (${stats.hitRate.hits} of ${stats.hitRate.turns} turns with a learned rule injected: its pattern did not fire again)`,
        `false-learning rate      ${pct(stats.falseLearningRate.rate)} (${stats.falseLearningRate.contradicted} of ${stats.falseLearningRate.learned} learned items later contradicted)`,
        `promotion precision      ${pct(stats.promotionPrecision.rate)} (${stats.promotionPrecision.recurred} of ${stats.promotionPrecision.judged} promoted instincts with later sessions recurred; ${stats.promotionPrecision.promoted} promoted)`,
        `model cost per turn      $${stats.costPerTurnUsd.turn.toFixed(6)} for the turn, $${stats.costPerTurnUsd.background.toFixed(6)} for background learning`,
        '',
      ].join('\n'),
    );
  return 0;
};
