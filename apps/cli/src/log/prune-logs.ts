import { sessionFileTime } from '@engram/hippocampus';
import { engramPaths, listContained, nodeFsPort, removeContained } from '@engram/fs';
import { join, resolve } from 'node:path';

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
  /** The trusted folder the file lies under: nothing between it and the file may be a link. */
  readonly root: string;
}

/**
 * The `*.jsonl` files directly in `dir` (under the trusted folder `root`) older than `cutoffMs`,
 * judged by the session id in the name (`YYYYMMDD_HHMMSS[_xxxx]`), else by modification time.
 * Only regular files are candidates: a symbolic link could point outside the folder, so it is
 * never followed or removed; a folder that is a link (or lies under one) is refused with an
 * FsError naming it, before anything is listed.
 */
export const pruneCandidates = (dir: string, cutoffMs: number, root: string = resolve(dir, '..')): PruneCandidate[] => {
  const out: PruneCandidate[] = [];
  for (const name of listContained(root, dir).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    const file = join(dir, name);
    const st = nodeFsPort.lstat(file);
    if (st === null || !st.isFile) continue;
    const fromName = sessionFileTime(name);
    const at = fromName ?? Number(st.mtimeNs / 1_000_000n);
    if (at < cutoffMs) out.push({ file, at, by: fromName === null ? 'mtime' : 'session-id', root });
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
  const paths = engramPaths({ home: options.home, project: options.project ?? process.cwd() });
  const project = paths.project ?? resolve(process.cwd());
  const cutoff = Date.now() - options.olderThan * DAY_MS;
  const folders: [dir: string, root: string][] = [
    [paths.eventsDirOf('project'), project],
    [paths.globalEventsDir, paths.home],
    [paths.episodesDir ?? '', project],
  ];
  const dirs = folders.map(([d]) => d);
  const removed: string[] = [];
  const failed: { file: string; error: string }[] = [];
  const found = folders.flatMap(([dir, root]) => {
    try {
      return pruneCandidates(dir, cutoff, root);
    } catch (err) {
      // A linked folder: refused and reported, nothing in it (or where it points) is touched.
      failed.push({ file: dir, error: (err as Error).message });
      return [];
    }
  });
  for (const c of found) {
    if (options.dryRun === true) continue;
    try {
      removeContained(c.root, c.file);
      removed.push(c.file);
    } catch (err) {
      failed.push({ file: c.file, error: (err as Error).message });
    }
  }
  const shown = found.map(({ root: _root, ...c }) => c);
  if (options.json === true) out(`${JSON.stringify({ dryRun: options.dryRun === true, olderThanDays: options.olderThan, folders: dirs, candidates: shown.map((c) => ({ ...c, at: new Date(c.at).toISOString() })), removed, failed })}\n`);
  else {
    for (const c of found) out(`${options.dryRun === true ? 'would remove' : removed.includes(c.file) ? 'removed' : 'FAILED to remove'} ${c.file} (${new Date(c.at).toISOString().slice(0, 10)}, by ${c.by})\n`);
    out(`${options.dryRun === true ? `${found.length} files would be removed` : `${removed.length} files removed`} (older than ${options.olderThan} days)\n`);
    for (const f of failed) process.stderr.write(`engram log prune: ${f.file}: ${f.error}\n`);
  }
  return failed.length > 0 ? 1 : 0;
};
