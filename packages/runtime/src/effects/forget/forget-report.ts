/** The stores `engram memory forget` looks in, in the order it reports them. */
export const FORGET_STORES = [
  'rules',
  'lessons',
  'profile',
  'history',
  'pending',
  'quarantine',
  'episodes',
  'episode-index',
  'skills',
  'recipes',
  'instincts',
  'events',
  'other',
  'untouched',
] as const;
export type ForgetStore = (typeof FORGET_STORES)[number];

/** What forgetting does (or would do) in one file or folder. */
export interface ForgetItem {
  readonly store: ForgetStore;
  readonly file: string;
  /** Entry, item, episode-line, skill or event ids removed or redacted, where the store has them. */
  readonly ids: readonly string[];
  /** Entries, items or lines removed, or occurrences redacted. */
  readonly count: number;
  /** `remove`: entries or files go; `redact`: the text is replaced by the marker; `rebuild`: a derived index is rebuilt; `keep`: a file of the user's own, reported and left as it is. */
  readonly action: 'remove' | 'redact' | 'rebuild' | 'keep';
}

export interface ForgetReport {
  /** False for the preview: nothing was changed. */
  readonly applied: boolean;
  readonly marker: string;
  readonly items: readonly ForgetItem[];
  /** Per store: the sum of `count`. */
  readonly totals: Readonly<Partial<Record<ForgetStore, number>>>;
  /** After applying: files (or names) under the two roots that still hold the subject (the user's own files), else []. */
  readonly remaining: readonly string[];
  /** After applying: the links under the two roots, never entered, so not searched (each is in `remaining` too), else []. */
  readonly notSearched: readonly string[];
}
