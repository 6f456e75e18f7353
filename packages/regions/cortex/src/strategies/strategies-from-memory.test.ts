import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { EMPTY_SCOPE } from '../scope-memory.js';
import { strategiesFromMemory } from './strategies-from-memory.js';

const entry = (id: string, text: string, over: Partial<MemoryEntry> = {}): MemoryEntry => ({
  id,
  text,
  kind: 'when',
  scope: 'global',
  confidence: 'high',
  topic: null,
  source: 'llm',
  section: 'when',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

describe('strategiesFromMemory', () => {
  it('turns rules and lessons of both scopes into candidates, global first, profile facts left out', () => {
    const global = { ...EMPTY_SCOPE, rules: [entry('g1', 'Check encodings')], lessons: [entry('g2', 'cp037 is EBCDIC', { kind: 'lesson', section: null, topic: 'encoding', confidence: null })], identities: [entry('me', 'Name: Ada', { kind: 'profile' })] };
    const project = { ...EMPTY_SCOPE, rules: [entry('p1', 'Notes rule', { kind: null, section: 'notes', confidence: 'low', updatedAt: '2026-11-01' })] };
    expect(strategiesFromMemory(global, project)).toEqual([
      { id: 'g1', kind: 'rule', text: 'Check encodings', confidence: 'high', seenAt: Date.parse('2026-11-20T08:00:00.000Z'), topic: null, ruleKind: 'when' },
      { id: 'g2', kind: 'lesson', text: 'cp037 is EBCDIC', confidence: 'medium', seenAt: Date.parse('2026-11-20T08:00:00.000Z'), topic: 'encoding' },
      { id: 'p1', kind: 'rule', text: 'Notes rule', confidence: 'low', seenAt: Date.parse('2026-11-01T00:00:00.000Z'), topic: null, ruleKind: null },
    ]);
  });

  it('leaves the age unknown when the entry has no readable date, and works without a project', () => {
    const global = { ...EMPTY_SCOPE, rules: [entry('a', 'x', { updatedAt: null }), entry('b', 'y', { updatedAt: 'not a date' })] };
    expect(strategiesFromMemory(global, null).map((s) => s.seenAt)).toEqual([null, null]);
  });
});

describe('strategiesFromMemory reuse', () => {
  it('gives the same candidate objects for the same snapshot arrays (so their tokens are kept), new ones for new arrays', () => {
    const global = { ...EMPTY_SCOPE, rules: [entry('a', 'x')] };
    const [first] = strategiesFromMemory(global, null);
    expect(strategiesFromMemory(global, null)[0]).toBe(first);
    expect(strategiesFromMemory({ ...global, rules: [entry('a', 'x')] }, null)[0]).not.toBe(first);
  });
});
