import { describe, expect, it } from 'vitest';
import { formatRecipe } from './format-recipe.js';
import { storedRecipe } from './recipe-fixtures.test-helper.js';

describe('formatRecipe', () => {
  it('reads as one prompt line: class, target kind, tool, numbered steps, confidence', () => {
    const r = storedRecipe({
      steps: [
        { tool: 'DetectEncoding', hint: 'sample: 4096' },
        { tool: 'Chmod', hint: '' },
        { tool: 'Read', hint: '' },
      ],
      confidence: 0.6,
      count: 3,
    });
    expect(formatRecipe(r)).toBe('Known recovery for encoding on *.cbl with Read: 1. DetectEncoding with sample: 4096 2. Chmod 3. Read again (confidence 0.60, learned 3 times)');
  });

  it('names the exact target when it has no kind, and leaves out what it does not know', () => {
    const { trigger, steps } = storedRecipe({ trigger: { errorClass: 'timeout', signature: 's', tool: 'Fetch', target: { exact: 'https://x.example/api', glob: null } }, steps: [{ tool: 'Fetch', hint: 'timeout: 60' }] });
    expect(formatRecipe({ trigger, steps })).toBe('Known recovery for timeout on https://x.example/api with Fetch: 1. Fetch with timeout: 60');
  });
});
