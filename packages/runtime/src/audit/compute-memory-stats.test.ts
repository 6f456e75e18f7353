import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { computeMemoryStats } from './compute-memory-stats.js';

const RULE = 'When a tool call fails, don\'t retry it.';
const engram = { text: RULE, kind: 'when', scope: 'global', confidence: 'high', topic: null, source: 'consolidation' } as const;

/** Session 1 learns the rule; session 2 has it injected in two turns and repeats the mistake in one. */
const learnIt = buildStream([
  ['executive.turn.started', {}, { turn: 1 }],
  ['acc.lesson.detected', { lessonId: 'acc.repeated-tool-error', rule: RULE }, { turn: 1, id: 'lesson-1' }],
  ['cortex.engram.proposed', { proposalId: 'p1', engram, origin: 'acc' }, { turn: 1, causationId: 'lesson-1' }],
  ['hippocampus.engram.encoded', { proposalId: 'p1', engram, outcome: 'added' }, { turn: 1 }],
  ['llm.call.completed', { purpose: 'turn', costUsd: 0.02 }, { turn: 1 }],
  ['llm.call.completed', { purpose: 'cerebellum', costUsd: 0.01 }, { turn: 1 }],
]);
const useIt = buildStream([
  ['executive.turn.started', {}, { turn: 1 }],
  ['cortex.context.injected', { items: [{ id: 'e1', kind: 'when', text: RULE, why: 'global rule' }] }, { turn: 1 }],
  ['executive.turn.started', {}, { turn: 2 }],
  ['cortex.context.injected', { items: [{ id: 'e1', kind: 'when', text: RULE, why: 'global rule' }] }, { turn: 2 }],
  ['acc.nudge.emitted', { lessonId: 'acc.repeated-tool-error' }, { turn: 2 }],
]);

describe('computeMemoryStats', () => {
  it('computes injections per turn, the hit rate of learned rules and the cost split', () => {
    const s = computeMemoryStats([learnIt, useIt]);
    expect(s).toMatchObject({ sessions: 2, turns: 3, injectionsPerTurn: 0.666667, hitRate: { turns: 2, hits: 1, rate: 0.5 }, falseLearningRate: { learned: 1, contradicted: 0, rate: 0 } });
    expect(s.costPerTurnUsd).toEqual({ turn: 0.006667, background: 0.003333 });
  });

  it('counts learned items the user later removed, and promoted instincts later archived, as false learning', () => {
    const audit = buildStream(
      [
        ['hippocampus.engram.removed', { text: RULE, scope: 'global' }],
        ['hippocampus.engram.removed', { text: 'never learned by engram', scope: 'global' }],
        ['basal-ganglia.instinct.promoted', { instinctId: 'basal-ganglia.chain.A>B>C' }],
        ['basal-ganglia.instinct.promoted', { instinctId: 'basal-ganglia.chain.D>E>F' }],
        ['basal-ganglia.instinct.archived', { instinctId: 'basal-ganglia.chain.A>B>C' }],
        ['basal-ganglia.instinct.archived', { instinctId: 'basal-ganglia.chain.X>Y>Z' }],
      ],
      { sessionId: 'audit' },
    );
    const s = computeMemoryStats([learnIt, useIt, audit]);
    // 1 rule + 2 instincts learned; the rule removed, one instinct archived. The audit log is no session.
    expect(s.falseLearningRate).toEqual({ learned: 3, contradicted: 0, removed: 1, archived: 1, rate: 0.667 });
    expect(s.sessions).toBe(2);
  });

  it('reports no rate rather than a made-up one when nothing was injected', () => {
    expect(computeMemoryStats([]).hitRate).toEqual({ turns: 0, hits: 0, rate: null });
  });
});
