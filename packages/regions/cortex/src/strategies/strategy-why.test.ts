import { describe, expect, it } from 'vitest';
import { strategyWhy } from './strategy-why.js';

const DAY = 86_400_000;

describe('strategyWhy', () => {
  it('names the strongest terms (not the parts of a longer one), the tool, the confidence and the age', () => {
    expect(strategyWhy({ terms: ['cbl', 'read_file', 'encoding', 'read', 'file', 'legacy'], aboutTool: 'read_file', confidence: 'high', ageMs: 2 * DAY + 5, maxTerms: 3 })).toBe(
      'matches cbl, read_file, encoding; about read_file; high confidence; seen 2d ago',
    );
  });

  it('says so when only the tool matched, when it was seen today, and when its age is unknown', () => {
    expect(strategyWhy({ terms: [], aboutTool: 'bash', confidence: 'low', ageMs: 1000, maxTerms: 3 })).toBe('about bash; low confidence; seen today');
    expect(strategyWhy({ terms: ['iconv'], aboutTool: null, confidence: 'medium', ageMs: null, maxTerms: 3 })).toBe('matches iconv; medium confidence; age unknown');
  });
});
