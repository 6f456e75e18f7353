import { describe, expect, it } from 'vitest';
import { normalizeSkillName } from './normalize-skill-name.js';
import { assertSkillLabel, lookupProblem, skillLabelProblem, SkillLabelError } from './skill-label.js';
import { slugifySkillLabel } from './slugify-skill-label.js';

describe('skill labels', () => {
  it('accepts plain labels', () => {
    for (const ok of ['a', 'csv-summary', 'v2', 'a'.repeat(64)]) expect(skillLabelProblem(ok)).toBeNull();
  });
  it.each([
    ['../x', /path|'\.'/],
    ['/etc', /path/],
    ['', /empty/],
    ['a'.repeat(65), /65 characters/],
    ['a--b', /hyphens/],
    ['-a', /hyphens/],
    ['A', /characters/],
    ['a b', /characters/],
    ['C:x', /path/],
    ['~root', /path/],
    ['a\u0000b', /control/],
    ['..', /'\.'/],
  ])('refuses %j with a clear error', (label, reason) => {
    expect(() => assertSkillLabel(label)).toThrow(SkillLabelError);
    expect(() => assertSkillLabel(label)).toThrow(expect.objectContaining({ _tag: 'SkillLabelError', reason: 'bad-label', input: label }));
    expect(() => assertSkillLabel(label)).toThrow(reason);
  });
  it('lets lookups through with case, spaces and underscores, never paths', () => {
    expect(lookupProblem('CSV_Summary')).toBeNull();
    expect(lookupProblem('  csv summary ')).toBeNull();
    expect(lookupProblem('../../etc')).toMatch(/path/);
    expect(lookupProblem('   ')).toMatch(/empty/);
    expect(lookupProblem('x'.repeat(129))).toMatch(/129 characters/);
  });
});

describe("Anton's normalize_name and slugify", () => {
  it('normalize_name', () => {
    expect(normalizeSkillName('  My Skill!! ')).toBe('my-skill');
    expect(normalizeSkillName('!!!')).toBe('');
    expect(normalizeSkillName(`${'a'.repeat(63)}-b`)).toBe('a'.repeat(63));
  });
  it.each([
    ['CSV Summary', 'csv-summary'],
    ['Web Scraping (v2)!', 'web-scraping-v2'],
    ['foo---bar', 'foo-bar'],
    ['--hello--', 'hello'],
    ['', 'skill'],
    ['   ', 'skill'],
    ['!@#$', 'skill'],
    ['Héllo Wörld_v2.0', 'h-llo-w-rld-v2-0'],
  ])('slugify(%j) = %j (anton.md §10.4 examples)', (input, out) => expect(slugifySkillLabel(input)).toBe(out));
});
