import { describe, expect, it } from 'vitest';
import { ConsolidatedLessonSchema } from './consolidated-lessons.js';
import { selectItems } from './select-items.js';

const item = (text: string, over: Record<string, unknown> = {}) => ConsolidatedLessonSchema.parse({ text, ...over });

describe('selectItems (anton.md §9.3)', () => {
  it('fills Anton defaults: lesson, project, medium, no topic', () => {
    expect(item('x')).toEqual({ text: 'x', kind: 'lesson', scope: 'project', confidence: 'medium', topic: '' });
  });

  it('trims, skips blank texts, then keeps the first max', () => {
    const items = ['  a  ', '   ', 'b', 'c', 'd', 'e', 'f'].map((t) => item(t));
    expect(selectItems(items, 5).map((i) => i.text)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('skips a repeat of an earlier item of the same kind (any case) before the cap', () => {
    const items = [item('Use utf-8'), item('use UTF-8 '), item('use utf-8', { kind: 'always' }), item('b')];
    expect(selectItems(items, 3).map((i) => [i.kind, i.text])).toEqual([
      ['lesson', 'Use utf-8'],
      ['always', 'use utf-8'],
      ['lesson', 'b'],
    ]);
  });
});
