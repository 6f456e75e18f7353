import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@engram/kernel';
import { formatSkillList, MAX_LISTED_DESCRIPTION } from './format-skill-list.js';
import type { SkillSummary } from './skill.js';

const skill = (label: string, description = ''): SkillSummary => ({ label, name: label, description, folder: label, layout: 'current' });

describe('formatSkillList (anton.md §10.6, bounded per §15.20)', () => {
  it("is empty with no skills, else Anton's section", () => {
    expect(formatSkillList([])).toBe('');
    const text = formatSkillList([skill('a', 'does A'), skill('b')]);
    expect(text.startsWith('\n\n## Procedural memory (skills available)\n\n')).toBe(true);
    expect(text).toContain('call `recall_skill(label)`');
    expect(text.endsWith('\n- `a` — does A\n- `b`')).toBe(true);
  });
  it('puts descriptions on one line and cuts them', () => {
    const text = formatSkillList([skill('a', `line one\nline two ${'x'.repeat(500)}`)]);
    const line = text.split('\n').at(-1) ?? '';
    expect(line.startsWith('- `a` — line one line two')).toBe(true);
    expect(line.length).toBeLessThanOrEqual('- `a` — '.length + MAX_LISTED_DESCRIPTION);
  });
  it('stays within the budget however many skills there are, listing the rest by label, then by count', () => {
    const many = Array.from({ length: 500 }, (_, i) => skill(`skill-${String(i).padStart(3, '0')}`, 'd'.repeat(1024)));
    for (const budget of [200, 800, 3000]) {
      const text = formatSkillList(many, budget);
      expect(estimateTokens(text)).toBeLessThanOrEqual(budget);
      expect(text).toMatch(/… and \d+ more skills; call `recall_skill`/);
    }
    expect(formatSkillList(many.slice(0, 80), 300)).toMatch(/- Also: `skill-\d+`, `skill-/);
  });
});
