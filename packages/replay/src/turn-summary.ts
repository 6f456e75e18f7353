import type { AnyEnvelope } from '@engram/events';
import type { DerivedEvent } from './derived-event.js';

/** What one turn derived (nudges, lessons, classifications, queued proposals) and recorded (proposals, encodings). */
export interface TurnSummary {
  readonly turn: number;
  /** Detector names (Anton's) that fired, as a nudge or a lesson. */
  readonly detectorsFired: string[];
  readonly nudges: { round: number; lessonId: string; detector: string }[];
  readonly accLessons: { lessonId: string; detector: string; kind: string; rule: string }[];
  readonly cerebellumLessons: { method: string; topic: string; text: string }[];
  readonly errorsClassified: { errorClass: string; tool: string; target: string | null }[];
  /** Recovery recipes the basal ganglia learned (a failure, then different actions that worked on the target). */
  readonly recipes: { recipeId: string; errorClass: string; tool: string; target: string; steps: string[] }[];
  readonly queued: { proposalId: string; pendingId: string }[];
  /** Recorded, for context: the proposals the effects made and what reached memory files. */
  readonly proposals: { proposalId: string; origin: string; gate: string; scope: string | null; text: string }[];
  readonly encodings: { proposalId: string | null; outcome: string; file: string }[];
}

const emptyTurn = (turn: number): TurnSummary => ({
  turn,
  detectorsFired: [],
  nudges: [],
  accLessons: [],
  cerebellumLessons: [],
  errorsClassified: [],
  recipes: [],
  queued: [],
  proposals: [],
  encodings: [],
});

/**
 * Groups what was derived and the recorded memory traffic by turn (the envelope's turn: 0 is
 * outside any turn), in turn order. Turns where nothing happened are left out.
 */
export const summariseTurns = (events: readonly AnyEnvelope[], derived: readonly DerivedEvent[]): TurnSummary[] => {
  const turns = new Map<number, TurnSummary>();
  const at = (turn: number): TurnSummary => {
    let t = turns.get(turn);
    if (t === undefined) turns.set(turn, (t = emptyTurn(turn)));
    return t;
  };
  const fired = (t: TurnSummary, detector: string): void => {
    if (!t.detectorsFired.includes(detector)) t.detectorsFired.push(detector);
  };
  for (const d of derived) {
    const t = at(d.turn);
    if (d.type === 'acc.nudge.emitted') {
      const x = d.data;
      t.nudges.push({ round: d.round, lessonId: x.lessonId, detector: x.detector });
      fired(t, x.detector);
    } else if (d.type === 'acc.lesson.detected') {
      const x = d.data;
      t.accLessons.push({ lessonId: x.lessonId, detector: x.detector, kind: x.kind, rule: x.rule });
      fired(t, x.detector);
    } else if (d.type === 'cerebellum.lesson.learned') {
      const x = d.data;
      t.cerebellumLessons.push({ method: x.method, topic: x.topic, text: x.text });
    } else if (d.type === 'cerebellum.error.classified') {
      const x = d.data;
      t.errorsClassified.push({ errorClass: x.errorClass, tool: x.tool, target: x.target });
    } else if (d.type === 'basal-ganglia.recipe.learned') {
      const x = d.data;
      t.recipes.push({
        recipeId: x.recipeId,
        errorClass: x.trigger.errorClass,
        tool: x.trigger.tool,
        target: x.trigger.target.glob ?? x.trigger.target.exact,
        steps: x.steps.map((s) => (s.hint === '' ? s.tool : `${s.tool} (${s.hint})`)),
      });
    } else if (d.type === 'cortex.engram.queued') {
      const x = d.data;
      t.queued.push({ proposalId: x.proposalId, pendingId: x.pendingId });
    }
  }
  for (const e of events) {
    if (e.type === 'cortex.engram.proposed')
      at(e.turn).proposals.push({ proposalId: e.data.proposalId, origin: e.data.origin, gate: e.data.gate, scope: e.data.engram.scope, text: e.data.engram.text });
    else if (e.type === 'hippocampus.engram.encoded') at(e.turn).encodings.push({ proposalId: e.data.proposalId, outcome: e.data.outcome, file: e.data.file });
  }
  return [...turns.values()].sort((a, b) => a.turn - b.turn);
};
