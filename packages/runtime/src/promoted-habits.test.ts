import type { Instinct } from '@engram/basal-ganglia';
import { describe, expect, it } from 'vitest';
import { habitsBlock } from './promoted-habits.js';

const habit = (tools: string[], confidence: number): Instinct => ({
  id: `basal-ganglia.chain.${tools.join('>')}`,
  kind: 'chain',
  tools,
  description: '',
  status: 'promoted',
  confidence,
  frequency: 1,
  consistency: confidence,
  observations: 30,
  selfConfirmed: 0,
  sessions: 4,
  sessionsInWindow: 4,
  firstSeen: '2026-03-01T09:00:00.000Z',
  lastSeen: '2026-03-13T09:00:00.000Z',
  updatedAt: '2026-03-13T09:00:00.000Z',
  promotedAt: '2026-03-13T09:00:00.000Z',
  archivedAt: null,
  archiveReason: null,
});

describe('habitsBlock', () => {
  it('renders promoted instincts with their ids in the injection record', () => {
    const { text, injection } = habitsBlock([habit(['Grep', 'Read', 'Edit'], 0.95)]);
    expect(text).toBe('## Habits that worked\n- Frequent tool chain: Grep->Read->Edit (95%, seen 30x)\n');
    expect(injection?.items.map((i) => i.id)).toEqual(['basal-ganglia.chain.Grep>Read>Edit']);
    expect(injection?.target).toBe('system-prompt');
  });

  it('stops at the budget and injects nothing when nothing fits or nothing is promoted', () => {
    const many = Array.from({ length: 40 }, (_, i) => habit([`T${i}`, 'Read', 'Edit'], 0.9));
    const { injection } = habitsBlock(many, 120);
    expect(injection?.items.length).toBeGreaterThan(0);
    expect(injection?.items.length).toBeLessThan(40);
    expect(injection?.tokens).toBeLessThanOrEqual(120);
    expect(habitsBlock([])).toEqual({ text: '', injection: null });
    expect(habitsBlock(many, 5)).toEqual({ text: '', injection: null });
  });
});
