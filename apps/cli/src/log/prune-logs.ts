import { sessionFileTime } from '@engram/hippocampus';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eventLogDirs } from '@engram/runtime';
import { homeOf } from '../skills/open-skills.js';

export interface PruneOptions {
  readonly olderThan: number;
  readonly dryRun?: boolean;
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
}

const DAY_MS = 86_400_000;

export interface PruneCandidate {
  readonly file: string;
  /** The time the file is judged by (ms): its session id's date, else its modification time. */
  readonly at: number;
  readonly by: 'session-id' | 'mtime';
}

/**
 * The `*.jsonl` files directly in `dir` older than `cutoffMs`, judged by the session id in the
 * name (`YYYYMMDD_HHMMSS[_xxxx]`), else by modification time. Only regular files are
 * candidates: a symbolic link could point outside the folder, so it is never followed or removed.
 */
export const pruneCandidates = (dir: string, cutoffMs: number): PruneCandidate[] => {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: PruneCandidate[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.jsonl')) continue;
    const file = join(dir, name);
    const st = lstatSync(file);
    if (!st.isFile()) continue;
    const fromName = sessionFileTime(name);
    const at = fromName ?? st.mtimeMs;
    if (at < cutoffMs) out.push({ file, at, by: fromName === null ? 'mtime' : 'session-id' });
  }
  return out;
};

/**
 * `engram log prune --older-than DAYS [--dry-run]`: removes event logs (project and global) and
 * the project's episodes older than DAYS, printing each file. Touches nothing but `*.jsonl`
 * files directly inside those three folders; the episode index drops removed sessions on its
 * next catch-up.
 */
export const pruneLogs = (options: PruneOptions, out: (s: string) => void = (s) => void process.stdout.write(s)): number => {
  const home = homeOf(options);
  const project = resolve(options.project ?? process.cwd());
  const cutoff = Date.now() - options.olderThan * DAY_MS;
  const dirs = [...eventLogDirs(home, project), join(project, '.engram', 'episodes')];
  const found = dirs.flatMap((d) => pruneCandidates(d, cutoff));
  const removed: string[] = [];
  const failed: { file: string; error: string }[] = [];
  for (const c of found) {
    if (options.dryRun === true) continue;
    try {
      unlinkSync(c.file);
      removed.push(c.file);
    } catch (err) {
      failed.push({ file: c.file, error: (err as Error).message });
    }
  }
  if (options.json === true) out(`${JSON.stringify({ dryRun: options.dryRun === true, olderThanDays: options.olderThan, folders: dirs, candidates: found.map((c) => ({ ...c, at: new Date(c.at).toISOString() })), removed, failed })}\n`);
  else {
    for (const c of found) out(`${options.dryRun === true ? 'would remove' : removed.includes(c.file) ? 'removed' : 'FAILED to remove'} ${c.file} (${new Date(c.at).toISOString().slice(0, 10)}, by ${c.by})\n`);
    out(`${options.dryRun === true ? `${found.length} files would be removed` : `${removed.length} files removed`} (older than ${options.olderThan} days)\n`);
    for (const f of failed) process.stderr.write(`engram log prune: ${f.file}: ${f.error}\n`);
  }
  return failed.length > 0 ? 1 : 0;
};
