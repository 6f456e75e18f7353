import type { PathStep } from '@engram/kernel';

/** Paths the turn removed and nothing has put back since, each with the command that removed it (its first line). */
export type GonePaths = ReadonlyMap<string, string>;

/** A path the call needs that the turn removed: the path, the program that needs it, and the command that removed it. */
export interface GoneNeed {
  readonly path: string;
  readonly program: string;
  readonly by: string;
}

/** The removed path `path` falls under (itself, or a folder removed whole), or undefined. */
const goneUnder = (gone: GonePaths, path: string): string | undefined => {
  if (gone.has(path)) return path;
  for (const g of gone.keys()) if (path.startsWith(`${g}/`)) return g;
  return undefined;
};

/**
 * `gone` after one step: a removal adds its path; a creation takes back its path and what is under
 * it; a directory change, a script run (it may write any file: a test database, a generated
 * module) or `unsure` forgets them all.
 */
const step = (gone: Map<string, string>, s: PathStep, by: string): void => {
  if (s.kind === 'unsure' || s.kind === 'moves' || s.kind === 'runs') gone.clear();
  else if (s.kind === 'removes') gone.set(s.path, by);
  else if (s.kind === 'creates') {
    for (const g of [...gone.keys()]) if (g === s.path || g.startsWith(`${s.path}/`) || s.path.startsWith(`${g}/`)) gone.delete(g);
  }
};

/**
 * The turn's removed paths after a call ran (`pathSteps`), at most `max` (the oldest removal
 * dropped first). A call that failed is followed too: `rm a b c` that fails on `c` removed `a`
 * and `b`, and the agent's next `rm a b` then fails on them.
 */
export const goneAfter = (gone: GonePaths, steps: readonly PathStep[], by: string, max: number): GonePaths => {
  if (steps.length === 0 || (gone.size === 0 && !steps.some((s) => s.kind === 'removes'))) return gone;
  const next = new Map(gone);
  for (const s of steps) step(next, s, by);
  while (next.size > max) next.delete(next.keys().next().value as string);
  return next;
};

/**
 * The first path the call needs that is gone when its turn comes, following the call's own
 * steps (a heredoc that writes a file and then runs it needs nothing gone; after a script runs,
 * nothing is known gone), or null.
 */
export const goneNeed = (gone: GonePaths, steps: readonly PathStep[]): GoneNeed | null => {
  if (gone.size === 0 && !steps.some((s) => s.kind === 'removes')) return null;
  const now = new Map(gone);
  for (const s of steps) {
    if (s.kind === 'needs' || s.kind === 'runs') {
      const g = goneUnder(now, s.path);
      if (g !== undefined) return { path: s.path, program: s.program, by: now.get(g) as string };
      if (s.kind === 'runs') step(now, s, '');
    } else step(now, s, '');
  }
  return null;
};

/** The paths of `gone` that a call needing `steps` could read: what the warning's recorded read must hold. */
export const goneRead = (gone: GonePaths, steps: readonly PathStep[]): [string, string][] => {
  if (gone.size === 0) return [];
  const keep = new Set<string>();
  for (const s of steps) if (s.kind === 'needs' || s.kind === 'runs') for (const g of gone.keys()) if (s.path === g || s.path.startsWith(`${g}/`)) keep.add(g);
  return [...gone].filter(([g]) => keep.has(g));
};
