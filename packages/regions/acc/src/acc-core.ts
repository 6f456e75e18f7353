import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import type { AccLesson, LessonId } from './acc-lesson.js';
import { DEFAULT_ACC_MODE, type AccMode } from './acc-mode.js';
import type { AccParams } from './acc-params.js';
import { defaultAccParams } from './acc-profiles.js';
import { createAccTurn, observeAcc, type AccTurn } from './acc-turn.js';
import { drainLessons } from './drain-lessons.js';
import { evaluateNudges } from './evaluate-nudges.js';
import { nudgeText } from './nudge-text.js';
import { observationFromEnvelope } from './observation-from-envelope.js';
import { rememberEncoded } from './stored-lessons.js';

export interface AccCoreParams {
  /** The mode until `executive.session.started` records the one in force. */
  readonly mode: AccMode;
  readonly detectors: AccParams;
  /**
   * Keep `detectors` whatever the log records (`acc.params.configured`): a what-if replay asks
   * what these thresholds would have learned, so the session's own must not replace them.
   */
  readonly pinned?: boolean;
}

export const defaultAccCoreParams: AccCoreParams = Object.freeze({ mode: DEFAULT_ACC_MODE, detectors: defaultAccParams });

export interface AccCoreState {
  params: AccParams;
  /** The core's params said to keep `params` (a what-if), whatever the log records. */
  readonly pinned: boolean;
  mode: AccMode;
  /** Memory mode `off` switches the ACC off too (Anton: no observation when the cortex is off). */
  memoryOff: boolean;
  turn: AccTurn;
  /** ACC lessons global memory already holds, learned from `hippocampus.engram.encoded`. */
  readonly stored: Set<LessonId>;
  /** What `react` publishes for the event just evolved. */
  outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

const lessonDraft = (l: AccLesson): AnyDraft =>
  draft('acc.lesson.detected', { lessonId: l.id, detector: l.antonDetector, kind: l.kind, rule: l.rule, triggers: [...l.triggers] });

const nudgeDraft = (l: AccLesson): AnyDraft =>
  draft('acc.nudge.emitted', { lessonId: l.id, detector: l.antonDetector, rule: l.rule, text: nudgeText(l) });

/** A turn that has seen nothing and nudged nothing need not be rebuilt (saves work at every boundary). */
const pristine = (t: AccTurn): boolean => t.observed === 0 && !t.nudged.includes(true);

const listening = (s: AccCoreState): boolean => s.mode !== 'off' && !s.memoryOff;

/**
 * The ACC region's pure core. Per-turn state starts afresh at every turn boundary (started,
 * completed, failed, cancelled), so nothing leaks from an aborted turn into the next (anton.md
 * §15.3). The end-of-turn drain is computed and the buffers cleared in the same synchronous
 * step, so no event of the next turn can be lost to a late clear (§15.2). Nudges are evaluated
 * when a round completes, in active mode; lessons are published when a turn completes, in
 * passive and active mode. Failed and cancelled turns learn nothing.
 */
export const accCore: RegionCore<AccCoreState, AccCoreParams, 'acc'> = {
  id: 'acc',
  source: 'acc',
  updatesInPlace: 'the detectors update the observation buffers of the open turn in place (acc-turn.ts), and `outbox` holds what the event just folded derived',
  initialState: (p) => ({
    params: p.detectors,
    pinned: p.pinned ?? false,
    mode: p.mode,
    memoryOff: false,
    turn: createAccTurn(p.detectors),
    stored: new Set(),
    outbox: NOTHING,
  }),
  evolve: (s, e: AnyEnvelope) => {
    s.outbox = NOTHING;
    const type = e.type;
    if (type === 'executive.session.started') {
      s.mode = e.data.modes.acc;
      s.memoryOff = e.data.modes.memory === 'off';
      s.turn = createAccTurn(s.params);
    } else if (type === 'executive.turn.started' || type === 'executive.turn.failed' || type === 'executive.turn.cancelled') {
      if (!pristine(s.turn)) s.turn = createAccTurn(s.params);
    } else if (type === 'executive.turn.completed') {
      if (listening(s)) {
        const lessons = drainLessons(s.turn, (l) => s.stored.has(l.id));
        if (lessons.length > 0) s.outbox = lessons.map(lessonDraft);
      }
      s.turn = createAccTurn(s.params);
    } else if (type === 'executive.round.completed') {
      if (s.mode === 'active' && listening(s)) {
        const nudges = evaluateNudges(s.turn);
        if (nudges.length > 0) s.outbox = nudges.map(nudgeDraft);
      }
    } else if (type === 'acc.params.configured') {
      // A profile in force from here on: the open turn keeps what it has seen, later turns use the new thresholds.
      if (!s.pinned) {
        s.params = e.data.params;
        if (pristine(s.turn)) s.turn = createAccTurn(s.params);
      }
    } else if (type === 'hippocampus.engram.encoded') {
      rememberEncoded(s.stored, e.data.engram);
    } else if (listening(s)) {
      const o = observationFromEnvelope(e);
      if (o !== null) observeAcc(s.turn, o);
    }
    return s;
  },
  react: (s) => s.outbox,
};
