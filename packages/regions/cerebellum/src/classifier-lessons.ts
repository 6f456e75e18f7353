import { scrubSecrets } from '@engram/kernel';
import type { ErrorClass } from './error-class.js';
import type { FailedCell } from './failed-cell.js';
import { DEFAULT_LESSON_TOPIC } from './post-mortem-result.js';

export interface ClassifierLesson {
  readonly text: string;
  readonly topic: string;
  readonly cellIds: readonly string[];
}

/** How each class reads in a lesson sentence. */
const CLASS_WORDS: { readonly [C in ErrorClass]: string } = {
  encoding: 'an encoding error',
  'path-not-found': 'a missing path',
  permission: 'a permission error',
  timeout: 'a timeout',
  'size-limit': 'a size limit',
  syntax: 'a syntax error',
  'missing-module': 'a missing module',
  'rate-limit': 'a rate limit',
  auth: 'an authentication failure',
  network: 'a network error',
  unknown: 'an unclassified error',
};

/**
 * The deterministic lessons learned without a model (no model configured, or the post-mortem
 * call failed): one per error class and target (the pad) within a flush, in the order the first
 * cell of each was seen, at most `max`. The text is a template (class, pad, recovery hint); the
 * event's `method: 'classifier'` marks it as such. `unknown` errors teach nothing specific, so
 * they make a lesson only when the turn had nothing else to teach.
 */
export const classifierLessons = (cells: readonly FailedCell[], max: number): ClassifierLesson[] => {
  const groups = new Map<string, { cell: FailedCell; cellIds: string[] }>();
  for (const cell of cells) {
    const key = `${cell.errorClass}\u0000${cell.pad}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { cell, cellIds: [cell.cellId] });
    else if (!group.cellIds.includes(cell.cellId)) group.cellIds.push(cell.cellId);
  }
  const all = [...groups.values()];
  const known = all.filter((g) => g.cell.errorClass !== 'unknown');
  return (known.length > 0 ? known : all).slice(0, Math.max(0, max)).map(({ cell, cellIds }) => ({
    text: scrubSecrets(`After ${CLASS_WORDS[cell.errorClass]} in scratchpad "${cell.pad}": ${cell.hint}`),
    topic: DEFAULT_LESSON_TOPIC,
    cellIds,
  }));
};
