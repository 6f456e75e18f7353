import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { searchMemory } from './search-memory.js';

const entry = (id: string, text: string, updatedAt = '2026-11-01T00:00:00.000Z'): MemoryEntry => ({ id, text, kind: 'lesson', scope: 'project', confidence: null, topic: null, source: 'user', section: null, updatedAt });
const all = [
  { scope: 'project' as const, entry: entry('a', 'The invoices CSV is semicolon-separated and uses a decimal comma') },
  { scope: 'global' as const, entry: entry('b', 'Always pin dependency versions in lock files') },
  { scope: 'project' as const, entry: entry('c', 'Deploys go through the staging cluster first', '2026-11-02T00:00:00.000Z') },
];

describe('searchMemory', () => {
  it('ranks the entry answering a question first, through inflection', () => {
    expect(searchMemory(all, 'how is the invoice csv separated?', 10).map((e) => e.entry.id)[0]).toBe('a');
    expect(searchMemory(all, 'where do we deploy', 10).map((e) => e.entry.id)).toEqual(['c']);
  });
  it('keeps a quoted query literal, and finds nothing for an empty one', () => {
    expect(searchMemory(all, '"pin dependency"', 10).map((e) => e.entry.id)).toEqual(['b']);
    expect(searchMemory(all, '"pin versions"', 10)).toEqual([]);
    expect(searchMemory(all, '   ', 10)).toEqual([]);
  });
  it('finds by meaning an entry that shares no word with the question, when the brain has an embedder', () => {
    const question = 'which region hosts production?';
    expect(searchMemory(all, question, 10)).toEqual([]);
    const meaning = new Map([[all[2]!.entry.text, 0.8], [all[0]!.entry.text, 0.1]]);
    expect(searchMemory(all, question, 10, meaning).map((e) => e.entry.id)).toEqual(['c', 'a']);
  });
});
