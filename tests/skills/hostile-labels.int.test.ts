import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSkillStore, handleRecallSkill, SkillLabelError } from './skills-api.js';

const base = mkdtempSync(join(tmpdir(), 'engram-hostile-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A skills root with one skill, and a decoy folder beside it that must survive everything. */
const setup = (name: string) => {
  const home = join(base, name);
  const root = join(home, 'skills');
  mkdirSync(join(root, 'real'), { recursive: true });
  writeFileSync(join(root, 'real', 'SKILL.md'), '---\nname: real\ndescription: a real skill\n---\nsteps');
  mkdirSync(join(home, 'victim'), { recursive: true });
  writeFileSync(join(home, 'victim', 'meta.json'), '{"name": "victim"}');
  writeFileSync(join(home, 'victim', 'declarative.md'), 'do not touch');
  return { home, root, store: new FileSkillStore({ root }) };
};

const HOSTILE = ['../victim', '..', '../..', '/etc', join(base, 'x'), '', '   ', 'x'.repeat(300), 'a/../../victim', '..\\victim', '~/victim', 'real/../../victim'];

describe('hostile labels (anton.md §15.24): refused with a clear error, nothing outside the root touched', () => {
  it.each(HOSTILE)('%j', async (label) => {
    const { home, root, store } = setup(`h${HOSTILE.indexOf(label)}`);
    const before = readdirSync(home).sort();
    await expect(store.save({ label, description: 'd', body: 'b' })).rejects.toThrow(SkillLabelError);
    expect(() => store.remove(label)).toThrow(SkillLabelError);
    expect(() => store.remove(label)).toThrow(/refused: /);
    expect(await handleRecallSkill({ label }, { skills: store })).toMatch(/^ERROR: /);
    expect(await store.creditRecall(label)).toMatchObject({ ok: false });
    expect(readdirSync(home).sort()).toEqual(before);
    expect(existsSync(join(home, 'victim', 'declarative.md'))).toBe(true);
    expect(existsSync(join(home, 'victim', 'SKILL.md'))).toBe(false);
    expect(readdirSync(root)).toEqual(['real']);
  });
});
