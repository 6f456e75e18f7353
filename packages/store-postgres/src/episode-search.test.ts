import { describe, expect, it } from 'vitest';
import { columnText, foldForSearch, likePattern } from './episode-search.js';

describe('episode search text', () => {
  it('folds case beyond ASCII and replaces NUL', () => {
    expect(foldForSearch('ÄPFEL ΣΟΦΙΑ a\u0000b')).toBe('äpfel σοφια a\uFFFDb');
    expect(columnText('r\u0000le')).toBe('r\uFFFDle');
  });
  it('makes LIKE metacharacters literal', () => {
    expect(likePattern('40%_A\\b')).toBe('%40\\%\\_a\\\\b%');
  });
});
