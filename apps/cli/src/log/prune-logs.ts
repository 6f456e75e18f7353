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
  const { pruneEventLogs } = await import('@engram/runtime');
  const { folders, candidates: found, removed, failed } = pruneEventLogs(options);
  const shown = found.map(({ root: _root, ...c }: PruneCandidate) => c);
  if (options.json === true) out(`${JSON.stringify({ dryRun: options.dryRun === true, olderThanDays: options.olderThan, folders, candidates: shown.map((c) => ({ ...c, at: new Date(c.at).toISOString() })), removed, failed })}\n`);
  else {
    for (const c of found) out(`${options.dryRun === true ? 'would remove' : removed.includes(c.file) ? 'removed' : 'FAILED to remove'} ${c.file} (${new Date(c.at).toISOString().slice(0, 10)}, by ${c.by})\n`);
    out(`${options.dryRun === true ? `${found.length} files would be removed` : `${removed.length} files removed`} (older than ${options.olderThan} days)\n`);
    for (const f of failed) process.stderr.write(`engram log prune: ${f.file}: ${f.error}\n`);
  }
  return failed.length > 0 ? 1 : 0;
};
