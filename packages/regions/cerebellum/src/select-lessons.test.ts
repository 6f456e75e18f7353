import { describe, expect, it } from 'vitest';
import { selectLessons } from './select-lessons.js';

describe('selectLessons (anton.md §4.4 post-processing)', () => {
  it('takes the first 3 drafts, then drops blanks, so a blank draft still uses a slot', () => {
    const drafts = [
      { text: 'Check the delimiter first.', topic: 'csv' },
      { text: '   ', topic: 'x' },
      { text: 'Install before import.', topic: '' },
      { text: 'A fourth lesson.', topic: 'scratchpad' },
    ];
    expect(selectLessons(drafts, 3)).toEqual([
      { text: 'Check the delimiter first.', topic: 'csv' },
      { text: 'Install before import.', topic: 'scratchpad' },
    ]);
  });

  it('scrubs secrets a lesson echoes from a cell', () => {
    const [lesson] = selectLessons([{ text: 'Use the key sk-ant-api03-abcdefghijklmnopqrstuvwx when calling.', topic: 'api' }], 3);
    expect(lesson?.text).not.toContain('abcdefghijklmnop');
    expect(lesson?.text).toContain('[REDACTED:');
  });
});
