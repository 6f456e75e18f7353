import type { AccKind } from './observation.js';

/** The stable ids of the detectors; a detector is also the memory slot and the nudge slot of its lessons. */
export type DetectorId =
  | 'acc.name-switch'
  | 'acc.oversized-cell'
  | 'acc.repeated-tool-error'
  | 'acc.repeated-error-signature'
  | 'acc.reset-churn'
  | 'acc.kill-loop'
  | 'acc.severity-climb'
  | 'acc.repair-churn'
  | 'acc.cap-exhausted';

/** The stable ids of the lessons: one per detector, except the kill loop's two mutually exclusive variants. */
export type LessonId = Exclude<DetectorId, 'acc.kill-loop'> | 'acc.kill-loop.heavy' | 'acc.kill-loop.liveness';

export type RuleKind = 'always' | 'never' | 'when';

/** One templated lesson, as Anton's Lesson plus the stable ids engram keys everything on. */
export interface AccLesson {
  readonly id: LessonId;
  readonly detector: DetectorId;
  /** Anton's detector function name (`detect_kill_loop`), kept for trace replays and nudge text. */
  readonly antonDetector: string;
  readonly kind: RuleKind;
  readonly rule: string;
  /** Anton kind names, in a fixed order (Anton's oversized-cell order depends on hash seeds, §15.12). */
  readonly triggers: readonly AccKind[];
}
