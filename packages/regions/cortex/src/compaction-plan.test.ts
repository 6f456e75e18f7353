import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { compactionPrompt, judgeCompaction } from './compaction-plan.js';

const entries: MemoryEntry[] = ['a', 'b', 'c'].map((text, i) => ({ id: `id${i}`, text, kind: 'lesson', scope: 'global', confidence: null, topic: null, source: 'llm', section: null, updatedAt: '2026-11-22' }));

describe('judgeCompaction', () => {
  it('keeps file order and ignores invalid, repeated and out-of-range numbers', () => {
    expect(judgeCompaction(entries, [3, 1, 1, 0, -2, 9, 1.5])).toEqual({ status: 'compacted', kept: [entries[0], entries[2]], dropped: [entries[1]] });
  });

  it('never drops everything on an empty or useless answer', () => {
    expect(judgeCompaction(entries, [])).toEqual({ status: 'empty-answer' });
    expect(judgeCompaction(entries, [0, 99])).toEqual({ status: 'empty-answer' });
  });

  it('reports unchanged when everything is kept', () => {
    expect(judgeCompaction(entries, [1, 2, 3])).toEqual({ status: 'unchanged' });
  });

  it('numbers entries from 1 with their metadata', () => {
    expect(compactionPrompt(entries)).toBe('1. a <!-- source:llm ts:2026-11-22 -->\n2. b <!-- source:llm ts:2026-11-22 -->\n3. c <!-- source:llm ts:2026-11-22 -->');
  });
});
