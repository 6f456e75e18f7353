import type { PathStep } from '@engram/kernel';

/** File names (without folders) the turn has written or seen named in an output: what it knows is there. */
export type KnownFiles = ReadonlySet<string>;

/**
 * A file the call needs that the turn never wrote and no output of the turn named: a script an
 * interpreter runs from the working folder (the agent believes it wrote it), or a file `rm` is given.
 */
export interface UnknownNeed {
  readonly kind: 'script' | 'remove';
  readonly path: string;
  readonly program: string;
}

const base = (path: string): string => path.replace(/^.*\//, '');
/** Programs whose operands an agent names from memory of what it made: removing one that is not there fails. */
const REMOVERS = new Set(['rm', 'rmdir']);

/** `known` with `names` added, at most `max` (the oldest dropped first). */
export const knownAfter = (known: KnownFiles, names: readonly string[], max: number): KnownFiles => {
  if (names.every((n) => known.has(n))) return known;
  const next = new Set(known);
  for (const n of names) {
    next.delete(n);
    next.add(n);
  }
  while (next.size > max) next.delete(next.values().next().value as string);
  return next;
};

/**
 * The names of the files a call that ran shows are there (`pathSteps`): those it creates, and,
 * when it worked, those it needed or ran (a Read, a `cat` or a `python x.py` that worked found its file).
 */
export const shownNames = (steps: readonly PathStep[], ok: boolean): string[] =>
  steps.flatMap((s) => (s.kind === 'creates' || (ok && (s.kind === 'needs' || s.kind === 'runs')) ? [base(s.path)] : []));

/**
 * The first file the call needs that the turn does not know, following the call's own steps (a
 * heredoc that writes the script and then runs it knows it), or null: a script an interpreter runs
 * from the working folder (a path with a folder is the project's), or an operand of `rm`/`rmdir`.
 * Nothing once the call's steps change directory (names then mean other files) or are `unsure`.
 */
export const unknownNeed = (known: KnownFiles, steps: readonly PathStep[]): UnknownNeed | null => {
  const created = new Set<string>();
  for (const s of steps) {
    if (s.kind === 'unsure' || s.kind === 'moves') return null;
    if (s.kind === 'creates') created.add(base(s.path));
    const name = s.kind === 'runs' || s.kind === 'needs' ? base(s.path) : '';
    if (name === '' || known.has(name) || created.has(name)) continue;
    if (s.kind === 'runs' && !s.path.includes('/')) return { kind: 'script', path: s.path, program: s.program };
    if (s.kind === 'needs' && REMOVERS.has(s.program)) return { kind: 'remove', path: s.path, program: s.program };
  }
  return null;
};

/** The names of `known` that `unknownNeed` asks about for these steps: what the warning's recorded read must hold. */
export const knownRead = (known: KnownFiles, steps: readonly PathStep[]): string[] => [
  ...new Set(steps.flatMap((s) => (s.kind === 'runs' || (s.kind === 'needs' && REMOVERS.has(s.program)) ? [base(s.path)] : [])).filter((n) => known.has(n))),
];
