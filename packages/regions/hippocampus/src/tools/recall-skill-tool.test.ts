import { describe, expect, it } from 'vitest';
import type { CreditResult, SkillResolution } from '../effects/file-skill-store.js';
import type { Skill } from '../skills/skill.js';
import { ZERO_STATS } from '../skills/skill-stats.js';
import { handleRecallSkill, type SkillRecaller } from './recall-skill-tool.js';

const skill = (label: string, body = '1. do it\n'): Skill => ({ label, name: label.toUpperCase(), description: `about ${label}`, folder: label, layout: 'current', body, metadata: {}, provenance: 'manual', createdAt: '', stage2: false, stage3: false, stats: ZERO_STATS });

const fake = (resolution: SkillResolution, credit: CreditResult = { ok: true, stats: ZERO_STATS }) => {
  const credited: string[] = [];
  const skills: SkillRecaller = {
    resolve: () => resolution,
    creditRecall: (label) => {
      credited.push(label);
      return Promise.resolve(credit);
    },
  };
  return { skills, credited };
};

describe('recall_skill (anton.md §10.5)', () => {
  it("returns Anton's payload and credits the label", async () => {
    const { skills, credited } = fake({ kind: 'found', skill: skill('csv-summary') });
    const unlocked: string[] = [];
    expect(await handleRecallSkill({ label: 'csv-summary' }, { skills, onRecalled: (l) => unlocked.push(l) })).toBe(
      '# Skill recalled: `csv-summary`\n# Skill: CSV-SUMMARY\n\nabout csv-summary\n\n## Procedure (Stage 1 — declarative)\n\n1. do it',
    );
    expect(credited).toEqual(['csv-summary']);
    expect(unlocked).toEqual(['csv-summary']);
  });
  it('warns about a closest match and credits the resolved label, not the typed one', async () => {
    const { skills, credited } = fake({ kind: 'closest', input: 'csv-sumary', skill: skill('csv-summary') });
    const out = await handleRecallSkill({ label: 'csv-sumary' }, { skills });
    expect(out.startsWith("⚠ No skill named 'csv-sumary'. Returning the closest match: 'csv-summary'.")).toBe(true);
    expect(credited).toEqual(['csv-summary']);
  });
  it('answers NO MATCH with the labels, bounded, or says memory is empty', async () => {
    expect(await handleRecallSkill({ label: 'x' }, fake({ kind: 'missing', input: 'x', available: [] }))).toMatch(/^NO MATCH: no skill named 'x', and the procedural memory is empty/);
    expect(await handleRecallSkill({ label: 'x' }, fake({ kind: 'missing', input: 'x', available: ['a', 'b'] }))).toBe("NO MATCH: no skill named 'x'. Available skills: a, b.");
    const many = Array.from({ length: 70 }, (_, i) => `s${i}`);
    expect(await handleRecallSkill({ label: 'x' }, fake({ kind: 'missing', input: 'x', available: many }))).toMatch(/s49 … and 20 more\.$/);
  });
  it('sends a stub, uncredited, when the procedure is still in the conversation', async () => {
    const { skills, credited } = fake({ kind: 'found', skill: skill('csv-summary') });
    const first = await handleRecallSkill({ label: 'csv-summary' }, { skills });
    const out = await handleRecallSkill({ label: 'csv-summary' }, { skills, history: [{ role: 'user', content: [{ type: 'tool_result', content: first }] }] });
    expect(out).toMatch(/already recalled/);
    expect(out).not.toContain('# Skill recalled:');
    expect(out).not.toContain('## Procedure');
    expect(credited).toEqual(['csv-summary']);
  });
  it('still answers when the counter cannot be written, and reports it', async () => {
    const problems: string[] = [];
    const { skills } = fake({ kind: 'found', skill: skill('a') }, { ok: false, error: 'disk full' });
    expect(await handleRecallSkill({ label: 'a' }, { skills, onProblem: (p) => problems.push(p) })).toContain('# Skill: A');
    expect(problems).toEqual(["recall_skill: the recall of 'a' was not counted: disk full"]);
  });
  it('bounds a huge procedure', async () => {
    const out = await handleRecallSkill({ label: 'big' }, fake({ kind: 'found', skill: skill('big', 'y'.repeat(100_000)) }));
    expect(out.length).toBeLessThan(25_000);
    expect(out).toMatch(/procedure cut at 24000 characters of 100000/);
  });
  it.each([
    [{}, /non-empty label/],
    [{ label: '   ' }, /non-empty label/],
    [{ label: 7 }, /string label \(got 7\)/],
    ['csv', /string label/],
    [null, /string label/],
  ])('refuses %j clearly', async (input, message) => {
    expect(await handleRecallSkill(input, fake({ kind: 'found', skill: skill('a') }))).toMatch(message);
  });
  it('passes on a refused (path-like) label as an error, and says when there is no memory', async () => {
    expect(await handleRecallSkill({ label: '../x' }, fake({ kind: 'invalid', input: '../x', error: 'skill label "../x" refused: it looks like a path' }))).toBe('ERROR: skill label "../x" refused: it looks like a path');
    expect(await handleRecallSkill({ label: 'a' }, { skills: null })).toMatch(/^ERROR: procedural memory is not available/);
  });
});
