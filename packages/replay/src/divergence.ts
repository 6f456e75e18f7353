/** An event as a divergence shows it: its type and data. */
export interface ShownEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * One difference between what the cores derived and what the log recorded.
 * - `missing`: derived, but the log has no such event (it was deleted, or live never published it);
 * - `unexpected`: recorded, but no core derives it (it was added, or a core changed);
 * - `different`: a derived and a recorded event of one type and one cause whose data differ.
 */
export interface Divergence {
  readonly kind: 'missing' | 'unexpected' | 'different';
  /** The recorded event's seq; for `missing`, the seq of the event it should have followed (its cause). */
  readonly seq: number;
  readonly turn: number;
  /** The id of the event that caused it. */
  readonly causationId: string | null;
  /** What the cores derived (null when nothing was). */
  readonly expected: ShownEvent | null;
  /** What the log holds (null when nothing). */
  readonly actual: ShownEvent | null;
  /** For `different`: the data fields whose values differ. */
  readonly fields: readonly string[];
}
