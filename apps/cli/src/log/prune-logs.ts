import type { PruneCandidate } from '@engram/runtime';

export interface PruneOptions {
  readonly olderThan: number;
  readonly dryRun?: boolean;
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
}

/** `engram log prune --older-than DAYS [--dry-run]`: the runtime's `pruneEventLogs`, each file printed. */
export const pruneLogs = async (options: PruneOptions, out: (s: string) => void = (s) => void process.stdout.write(s)): Promise<number> => {
  const { eventLogText, pruneEventLogs } = await import('@engram/runtime');
  const { folders, candidates: found, removed, failed } = pruneEventLogs(options);
  const shown = found.map(({ root: _root, ...c }: PruneCandidate) => c);
  if (options.json === true) out(`${JSON.stringify({ dryRun: options.dryRun === true, olderThanDays: options.olderThan, folders, candidates: shown.map((c) => ({ ...c, at: new Date(c.at).toISOString() })), removed, failed })}\n`);
  else {
    out(eventLogText.prune({ candidates: found, removed }, options));
    for (const f of failed) process.stderr.write(`engram log prune: ${f.file}: ${f.error}\n`);
  }
  return failed.length > 0 ? 1 : 0;
};
