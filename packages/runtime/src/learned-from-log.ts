import type { AnyEnvelope } from '@engram/events';

export interface LearnedItem {
  /** The stable id of what taught it: an ACC lesson id, `cerebellum.<topic>`, or `memory` for direct writes. */
  readonly id: string;
  readonly kind: string;
  readonly rule: string;
  readonly scope: string;
  readonly file: string;
}

/**
 * What reached memory files in a log, each traced back along the causation chain to the lesson
 * that proposed it: encoded <- proposed <- acc.lesson.detected / cerebellum.lesson.learned.
 */
export const learnedFromLog = (events: readonly AnyEnvelope[]): LearnedItem[] => {
  const byId = new Map(events.map((e) => [e.id, e]));
  const proposals = new Map(events.flatMap((e) => (e.type === 'cortex.engram.proposed' ? [[e.data.proposalId, e] as const] : [])));
  return events.flatMap((e) => {
    if (e.type !== 'hippocampus.engram.encoded' || (e.data.outcome !== 'added' && e.data.outcome !== 'superseded')) return [];
    const cause = byId.get(proposals.get(e.data.proposalId ?? '')?.causationId ?? '');
    const id = cause?.type === 'acc.lesson.detected' ? cause.data.lessonId : cause?.type === 'cerebellum.lesson.learned' ? `cerebellum.${cause.data.topic}` : 'memory';
    return [{ id, kind: e.data.engram.kind ?? 'lesson', rule: e.data.engram.text, scope: e.data.engram.scope ?? 'global', file: e.data.file }];
  });
};
