/** One run of the agent model with learning on, with the detector settings named by `profile`. */
export interface EfficacyRun {
  readonly profile: 'anton' | 'recommended';
  /** Failures (habit patterns that happened) per session, learning on. */
  readonly failuresPerSession: readonly number[];
  /** 1 - failures with learning / failures without, over all sessions. */
  readonly reduction: number;
  /** Rules the agent had been shown by the end (detector ids), in first-learned order. */
  readonly learned: readonly string[];
}

/** Item 7: does learning from the ACC's lessons reduce failures across sessions? */
export interface EfficacyReport {
  readonly sessions: number;
  readonly turnsPerSession: number;
  /** Chance the agent follows a rule it has been shown. */
  readonly p: number;
  /** Chance per turn that each habit shows up (unless a followed rule stops it). */
  readonly habitRate: number;
  readonly habits: readonly string[];
  /** Failures per session with learning off (no rule is ever shown). */
  readonly withoutLearning: readonly number[];
  readonly runs: readonly EfficacyRun[];
}
