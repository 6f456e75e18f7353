import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseSkillMd, renderSkillMd } from './skill-md.js';

describe('parseSkillMd (anton.md §10.2)', () => {
  it('reads front matter, metadata, unknown keys and the body verbatim', () => {
    const text = '---\nname: CSV Summary\ndescription: "Summarise: a CSV"\nlicense: MIT\nmetadata:\n  display_name: CSV\n  n: 3\nreviewed: true\nn: 9\n---\nbody\n---\nmore';
    const r = parseSkillMd(text, 'folder');
    expect(r).toEqual({ ok: true, skill: { name: 'csv-summary', description: 'Summarise: a CSV', license: 'MIT', metadata: { display_name: 'CSV', n: '3', reviewed: 'True' }, body: 'body\n---\nmore' } });
  });
  it('takes the folder name when the front matter has none, and reads YAML 1.1 booleans as PyYAML', () => {
    const r = parseSkillMd('---  \ndescription: yes\n---\n', 'My_Folder');
    expect(r).toMatchObject({ ok: true, skill: { name: 'my-folder', description: 'True', body: '' } });
  });
  it.each([
    ['no fence', 'name: x\n---\n', "first line is not '---'"],
    ['unclosed', '---\nname: x\n', "no closing '---'"],
    ['not a mapping', '---\n- a\n---\n', 'not a YAML mapping'],
    ['empty', '---\n---\n', 'not a YAML mapping'],
    ['bad yaml', '---\nname: [x\n---\n', 'not valid YAML'],
  ])('refuses %s with the reason', (_, text, reason) => {
    const r = parseSkillMd(text, 'f');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toContain(reason);
  });
  it('writes what it reads back, quoting what YAML 1.1 would misread', () => {
    const skill = { name: 'yes', description: 'no: really', compatibility: 'on', metadata: { version: '1.0', display_name: 'Ünï' }, body: 'a\n---\nb' };
    const text = renderSkillMd(skill);
    expect(text.startsWith('---\nname: "yes"\n')).toBe(true);
    expect(parseSkillMd(text, 'x')).toEqual({ ok: true, skill });
    expect(parse(text.split('---\n')[1] ?? '', { version: '1.1' })).toMatchObject({ name: 'yes', compatibility: 'on' });
  });
  it('leaves metadata out when empty', () => expect(renderSkillMd({ name: 'a', description: 'b', metadata: {}, body: '' })).toBe('---\nname: a\ndescription: b\n---\n'));
});
