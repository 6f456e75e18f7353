import { defaultIo, runMemoryCommand, type MemoryRootOptions } from './open-memory.js';
import { memoryText, rankingStatus, withActiveBrain as withAuditBrain, MemoryUsageError } from '@engram/runtime';

export interface MemoryStatsOptions extends MemoryRootOptions {
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
  /** Pins "now" for the staleness window (ISO time); default the wall clock. */
  readonly now?: string;
}

/**
 * `engram memory stats`: the injection audit, computed from the project's and the global event
 * logs (or the active store's, `--store`), plus the stored rules and lessons no injection chose in
 * the last 60 days (ageing out).
 */
export const runMemoryStats = (options: MemoryStatsOptions): Promise<number> =>
  runMemoryCommand('stats', defaultIo, async () => {
    const nowMs = options.now === undefined ? undefined : Date.parse(options.now);
    if (nowMs !== undefined && Number.isNaN(nowMs)) throw new MemoryUsageError({ reason: 'invalid', message: `--now must be an ISO time, not ${JSON.stringify(options.now)}` });
    const { logs: files, problems, stale, callLessons, callRecord, ...stats } = await withAuditBrain(options, async (brain) => ({ ...(await brain.memory.stats(nowMs === undefined ? {} : { now: nowMs })), ranking: await rankingStatus(brain) }));
    for (const p of problems) process.stderr.write(`warning: ${p}\n`);
    if (options.json) process.stdout.write(`${JSON.stringify({ logs: files.length, ...stats, stale, callLessons, callRecord })}\n`);
    else process.stdout.write(memoryText.stats(files.length, { ...stats, stale, callLessons, callRecord }));
    return 0;
  });
