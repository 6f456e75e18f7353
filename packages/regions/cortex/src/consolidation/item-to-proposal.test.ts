import { describe, expect, it } from 'vitest';
import { ConsolidatedLessonSchema } from './consolidated-lessons.js';
import { itemToProposal } from './item-to-proposal.js';

const item = (confidence: 'high' | 'medium' | 'low', topic = '') => ConsolidatedLessonSchema.parse({ text: 'CSV exports use ;', kind: 'lesson', confidence, topic });

describe('itemToProposal: the encoding gate (anton.md §7.4)', () => {
  it('makes a consolidation engram with the mode as gate, and no topic as null', () => {
    const { proposal } = itemToProposal(item('high', 'csv'), 'autopilot', 'p1');
    expect(proposal).toEqual({
      proposalId: 'p1',
      engram: { text: 'CSV exports use ;', kind: 'lesson', scope: 'project', confidence: 'high', topic: 'csv', source: 'consolidation' },
      origin: 'consolidation',
      gate: 'autopilot',
      trust: 'model',
    });
    expect(itemToProposal(item('high'), 'autopilot', 'p1').proposal.engram.topic).toBeNull();
  });

  it('autopilot encodes everything; copilot queues all but high confidence; off drops', () => {
    const decide = (mode: 'autopilot' | 'copilot' | 'off', c: 'high' | 'medium' | 'low') => itemToProposal(item(c), mode, 'p').decision;
    expect(['high', 'medium', 'low'].map((c) => decide('autopilot', c as 'high'))).toEqual(['encode', 'encode', 'encode']);
    expect(['high', 'medium', 'low'].map((c) => decide('copilot', c as 'high'))).toEqual(['encode', 'queue', 'queue']);
    expect(['high', 'medium', 'low'].map((c) => decide('off', c as 'high'))).toEqual(['drop', 'drop', 'drop']);
  });
});
