import { estimateTokens } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { buildMemoryContext } from './memory-context.js';
import { MAX_LISTED_DESCRIPTION, rankedSkills, skillsSection, type OfferedSkill } from './skills-section.js';

const skill = (label: string, description = ''): OfferedSkill => ({ label, description });
const EMPTY = { rules: [], lessons: [], identities: [] };

describe('skillsSection (anton.md §10.6, bounded per §15.20, ranked against the message)', () => {
  it("is empty with no skills, else Anton's section in label order without a message", () => {
    expect(skillsSection([], 'x', 800)).toEqual({ text: '', items: [] });
    const { text, items } = skillsSection([skill('b'), skill('a', 'does A')], '', 800);
    expect(text.startsWith('## Procedural memory (skills available)\n\n')).toBe(true);
    expect(text).toContain('call `recall_skill(label)`');
    expect(text.endsWith('\n- `a` — does A\n- `b`')).toBe(true);
    expect(items.map((i) => i.id)).toEqual(['skill:a', 'skill:b']);
  });

  it('puts the skills relevant to the message first, by their description or the words of their label, then the rest by label', () => {
    const skills = [skill('alpha', 'Formats a changelog entry'), skill('beta', 'Bisects a flaky test run'), skill('csv-cleanup', 'Normalises separators'), skill('delta', 'Deploys the docs site')];
    expect(rankedSkills(skills, 'the test run is flaky again, can you bisect it?').map((s) => s.label)).toEqual(['beta', 'alpha', 'csv-cleanup', 'delta']);
    expect(rankedSkills(skills, 'clean up this csv').map((s) => s.label)[0]).toBe('csv-cleanup');
    expect(rankedSkills(skills, 'nothing in common here').map((s) => s.label)).toEqual(['alpha', 'beta', 'csv-cleanup', 'delta']);
  });

  it('puts descriptions on one line and cuts them', () => {
    const { text } = skillsSection([skill('a', `line one\nline two ${'x'.repeat(500)}`)], '', 800);
    const line = text.split('\n').at(-1) ?? '';
    expect(line.startsWith('- `a` — line one line two')).toBe(true);
    expect(line.length).toBeLessThanOrEqual('- `a` — '.length + MAX_LISTED_DESCRIPTION);
  });

  it('stays within the budget however many skills there are, listing the rest by label, then by count; a relevant skill keeps its description', () => {
    const many = Array.from({ length: 500 }, (_, i) => skill(`skill-${String(i).padStart(3, '0')}`, 'd'.repeat(1024)));
    const wanted = skill('zz-release', 'Tags and publishes a release');
    for (const budget of [200, 800, 3000]) {
      const { text } = skillsSection([...many, wanted], 'publish the release', budget);
      expect(estimateTokens(text)).toBeLessThanOrEqual(budget);
      expect(text).toMatch(/… and \d+ more skills; call `recall_skill`/);
      expect(text).toContain('- `zz-release` — Tags and publishes a release');
    }
    expect(skillsSection(many.slice(0, 80), '', 300).text).toMatch(/- Also: `skill-\d+`, `skill-/);
    expect(skillsSection(many, '', 0).text).toBe('');
  });

  it('ends the memory block, outside the notes, and is injected with it', () => {
    const c = buildMemoryContext({ global: EMPTY, project: null, message: 'bisect the flaky test', skills: [skill('alpha', 'Formats a changelog'), skill('beta', 'Bisects a flaky test')] });
    expect(c.text.startsWith('\n\n## Procedural memory (skills available)')).toBe(true);
    expect(c.text.indexOf('`beta`')).toBeLessThan(c.text.indexOf('`alpha`'));
    expect(c.injection.items.map((i) => i.id)).toEqual(['skill:beta', 'skill:alpha']);
    expect(buildMemoryContext({ global: EMPTY, project: null, message: 'x' }).text).toBe('');
  });
});
