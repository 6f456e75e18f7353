import { lessonToEngram as accLessonToEngram } from '@engram/acc';
import { lessonToEngram as cerebellumLessonToEngram } from '@engram/cerebellum';
import { DEFAULT_MEMORY_MODE, type MemoryMode } from '@engram/cortex/core';
import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';

/** The proposal id of the lesson event `eventId`: one lesson, one proposal, the same id live and in replay. */
export const lessonProposalId = (eventId: string): string => `${eventId}:proposal`;

export interface LessonProposalState {
  /** The memory mode in force (`executive.session.started`): the gate each proposal records. */
  readonly mode: MemoryMode;
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/**
 * The cortex's side of the learners: every lesson a region publishes (`acc.lesson.detected`,
 * `cerebellum.lesson.learned`) becomes one `cortex.engram.proposed`, remembered the way the
 * region that learned it says (`lessonToEngram` of each), with the mode in force as its gate.
 * It lives in the composition root because regions never import each other; the cortex's own
 * gate (`cortexCore`) then decides, from the proposal, whether it is encoded, queued or dropped.
 */
export const lessonProposalCore: RegionCore<LessonProposalState, Readonly<Record<string, never>>> = {
  name: 'cortex',
  initialState: () => ({ mode: DEFAULT_MEMORY_MODE }),
  evolve: (s, e: AnyEnvelope) => (e.type === 'executive.session.started' && e.data.modes.memory !== s.mode ? { mode: e.data.modes.memory } : s),
  react: (s, e) => {
    if (e.type === 'acc.lesson.detected')
      return [draft('cortex.engram.proposed', { proposalId: lessonProposalId(e.id), engram: accLessonToEngram(e.data), origin: 'acc', gate: s.mode })];
    if (e.type === 'cerebellum.lesson.learned')
      return [draft('cortex.engram.proposed', { proposalId: lessonProposalId(e.id), engram: cerebellumLessonToEngram(e.data), origin: 'cerebellum', gate: s.mode })];
    return NOTHING;
  },
};
