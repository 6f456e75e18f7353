import type { StrategyItem } from '@engram/cortex';
import { describe, expect, it } from 'vitest';
import { neverRuleExplanation, neverRuleFor } from './never-rule-warning.js';

const rule = (text: string, ruleKind: StrategyItem['ruleKind'] = 'never'): StrategyItem => ({ id: text, kind: 'rule', text, confidence: 'high', seenAt: null, ruleKind });

describe('neverRuleFor', () => {
  const rules = [
    rule('Always read COBOL sources with the detected charset', 'always'),
    rule("Never call publish for engine='gmail-1': it refuses every record"),
    rule('Never run rm -rf on the project directory'),
  ];

  it('finds a never rule that names the tool', () => {
    expect(neverRuleFor(rules, 'publish', { target: 'reports/q3' })?.text).toMatch(/^Never call publish/);
  });

  it('finds one that shares two words with the arguments, and not one that shares a single word', () => {
    expect(neverRuleFor(rules, 'Bash', { command: 'rm -rf project directory/build' })?.text).toMatch(/^Never run rm -rf/);
    expect(neverRuleFor(rules, 'Bash', { command: 'ls project' })).toBeNull();
  });

  it('ignores always and when rules, however well they match', () => {
    expect(neverRuleFor([rule('Always call publish twice', 'always')], 'publish', {})).toBeNull();
  });

  it('says which rule applies and what to do', () => {
    expect(neverRuleExplanation('publish', rules[1] as StrategyItem)).toContain(`"Never call publish for engine='gmail-1': it refuses every record"`);
  });
});
