import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@engram/kernel';
import { recallSection, type RecallSource } from './recall-section.js';

const entry = (text: string, over: Partial<MemoryEntry> = {}): MemoryEntry => ({
  id: text,
  text,
  kind: 'lesson',
  scope: 'global',
  confidence: null,
  topic: null,
  source: null,
  section: null,
  updatedAt: null,
  ...over,
});

const lessons = [
  entry('oldest', { updatedAt: '2026-01-01' }),
  entry('same day, full time', { updatedAt: '2026-02-01T10:00:00.000Z', topic: 'api' }),
  entry('same day, day only', { updatedAt: '2026-02-01' }),
  entry('newest', { updatedAt: '2026-03-01T00:00:00.000Z' }),
  entry('no date'),
];
const source: RecallSource = {
  rules: [
    entry('Chunk big outputs', { kind: 'always', section: 'always', updatedAt: '2026-01-01' }),
    entry('When the scratchpad hangs, restart it', { kind: 'when', section: 'when', updatedAt: '2026-03-01', confidence: 'high' }),
    entry('hand note', { kind: null, section: 'notes', updatedAt: '2026-02-01' }),
  ],
  lessons,
  identities: [entry('Name: Ada', { kind: 'profile' }), entry('Likes tea', { kind: 'profile' })],
};

describe('recallSection', () => {
  it('orders lessons most recent first, deterministically', () => {
    const r = recallSection(source, { section: 'lessons', tokenBudget: null });
    expect(r.entries.map((e) => e.text)).toEqual(['newest', 'same day, full time', 'same day, day only', 'oldest', 'no date']);
    expect(r.text.split('\n')[0]).toBe('# Lessons');
    expect(r.text).toContain('- same day, full time <!-- topic:api ts:2026-02-01 -->');
    expect(recallSection(source, { section: 'lessons', tokenBudget: null })).toEqual(r);
  });

  it('counts every emitted character against the budget', () => {
    for (let budget = 0; budget < 60; budget++) {
      for (const section of ['lessons', 'rules', 'identity', 'scratchpad-wisdom'] as const) {
        const r = recallSection(source, { section, tokenBudget: budget });
        expect(r.text.length).toBeLessThanOrEqual(budget * 4);
        expect(r.tokens).toBe(estimateTokens(r.text));
        expect(r.tokens).toBeLessThanOrEqual(budget);
        expect(r.entries.length + r.omitted).toBe(recallSection(source, { section, tokenBudget: null }).entries.length);
      }
    }
  });

  it('groups rules under their sections, Anton order first, hand-made sections kept', () => {
    const r = recallSection(source, { section: 'rules', tokenBudget: null });
    expect(r.text).toBe(
      '# Rules\n\n## Always\n- Chunk big outputs <!-- ts:2026-01-01 -->\n\n## When\n- When the scratchpad hangs, restart it <!-- confidence:high ts:2026-03-01 -->\n\n## Notes\n- hand note <!-- ts:2026-02-01 -->\n',
    );
    expect(recallSection(source, { section: 'rules', tokenBudget: null, excludeScratchpad: true }).text).not.toContain('scratchpad');
  });

  it('keeps profile facts in file order, dropping the oldest when over budget', () => {
    expect(recallSection(source, { section: 'identity', tokenBudget: null }).text).toBe('# Profile\n- Name: Ada\n- Likes tea\n');
    expect(recallSection(source, { section: 'identity', tokenBudget: 6 }).text).toBe('# Profile\n- Likes tea\n');
  });

  it('builds the scratchpad primer from when-rules and lessons about the scratchpad', () => {
    const withPad: RecallSource = { ...source, lessons: [...lessons, entry('re-import after a scratchpad kill', { updatedAt: '2026-04-01' })] };
    expect(recallSection(withPad, { section: 'scratchpad-wisdom', tokenBudget: null }).text).toBe('- When the scratchpad hangs, restart it\n- re-import after a scratchpad kill\n');
  });

  it('recalls a topic by its slug', () => {
    expect(recallSection(source, { section: 'topic', topic: 'API', tokenBudget: null }).text).toBe('# api\n- same day, full time <!-- topic:api ts:2026-02-01 -->\n');
  });
});
