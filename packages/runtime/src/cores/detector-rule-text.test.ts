import { ACC_RULES } from '@engram/acc';
import { describe, expect, it } from 'vitest';
import { isDetectorRuleText } from './detector-rule-text.js';

/**
 * Why (issue 24): "When a tool call fails, don't retry it..." was ~40% of the false warnings
 * before calls: a detector's fixed sentence is no lesson about the call and must be told apart
 * from a specific lesson, however it was spaced or cased when stored.
 */
describe('isDetectorRuleText', () => {
  it('given a detector rule as stored (spacing and case folded), then it is one; given a specific lesson, it is not', () => {
    const rule = ACC_RULES['acc.repeated-tool-error'].rule;
    expect(isDetectorRuleText(rule)).toBe(true);
    expect(isDetectorRuleText(`  ${rule.toUpperCase().replace(/ /g, '  ')} `)).toBe(true);
    expect(isDetectorRuleText('In this project `python -m pytest` (Bash) failed with "No module named pytest"; what worked instead: `python runtests.py`.')).toBe(false);
  });
});
