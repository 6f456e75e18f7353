import { sessionFileTime } from '@engram/hippocampus';
import { engramPaths, listContained, nodeFsPort, removeContained } from '@engram/fs';
import { join, resolve } from 'node:path';
import { resumeCheckpointOf } from '@engram/store';

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
const pruneCandidates = (dir: string, cutoffMs: number, root: string = resolve(dir, '..')): PruneCandidate[] => {
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

/** What a prune found, removed and could not remove. */
export interface PruneReport {
  readonly folders: readonly string[];
  readonly candidates: readonly PruneCandidate[];
  readonly removed: readonly string[];
  readonly failed: readonly { readonly file: string; readonly error: string }[];
}

/**
 * The retention policy of `engram log prune --older-than DAYS [--dry-run]`: removes event logs
 * (project and global) and the project's episodes older than DAYS. Touches nothing but `*.jsonl`
 * files directly inside those three folders; the episode index drops removed sessions on its
 * next catch-up. A linked folder is refused and reported, nothing in it (or where it points) is touched.
 */
export const pruneEventLogs = (options: { readonly olderThan: number; readonly dryRun?: boolean; readonly home?: string; readonly project?: string }): PruneReport => {
  const paths = engramPaths({ home: options.home, project: options.project ?? process.cwd() });
  const project = paths.project ?? resolve(process.cwd());
  const cutoff = Date.now() - options.olderThan * DAY_MS;
  const folders: [dir: string, root: string][] = [
    [paths.eventsDirOf('project'), project],
    [paths.globalEventsDir, paths.home],
    [paths.episodesDir ?? '', project],
  ];
  const removed: string[] = [];
  const failed: { file: string; error: string }[] = [];
  const candidates = folders.flatMap(([dir, root]) => {
    try {
      return pruneCandidates(dir, cutoff, root);
    } catch (err) {
      failed.push({ file: dir, error: (err as Error).message });
      return [];
    }
  });
  for (const c of candidates) {
    if (options.dryRun === true) continue;
    try {
      removeContained(c.root, c.file);
      removed.push(c.file);
      // A session log's resume checkpoint holds a copy of its events: it goes with the log.
      removeContained(c.root, resumeCheckpointOf(c.file));
    } catch (err) {
      failed.push({ file: c.file, error: (err as Error).message });
    }
  }
  return { folders: folders.map(([d]) => d), candidates, removed, failed };
};
