import { statSync } from 'node:fs';
import type { HookRoots } from '../hook-roots.js';

/**
 * A hook records into a project that exists: the host names the folder it works in, so a missing
 * one is a host's mistake (or a forged payload), and creating it, parents and all, would scatter
 * `.engram` folders across the disk. Throws a one-line reason naming the folder and its source.
 */
export const requireProjectFolder = (roots: Pick<HookRoots, 'project' | 'projectFrom'>): void => {
  let isFolder: boolean;
  try {
    isFolder = statSync(roots.project).isDirectory();
  } catch {
    throw new Error(`project folder ${roots.project} (from ${roots.projectFrom}) does not exist: nothing recorded`);
  }
  if (!isFolder) throw new Error(`project ${roots.project} (from ${roots.projectFrom}) is not a folder: nothing recorded`);
};
