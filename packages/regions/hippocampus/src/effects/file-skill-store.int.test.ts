import { manualClock } from '@engram/kernel';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSkillStore } from './file-skill-store.js';
import { SkillLabelError } from '../skills/skill-label.js';

const FIXTURE = join(import.meta.dirname, '../../../../../tests/fixtures/anton-home/.anton/skills');
const tmp = mkdtempSync(join(tmpdir(), 'engram-skills-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
/** A private copy of the Anton fixture skills (tests write). */
const copy = (): string => {
  const root = join(tmp, `c${n++}`, 'skills');
  cpSync(FIXTURE, root, { recursive: true });
  return root;
};
const empty = (): string => join(tmp, `e${n++}`, 'skills');
const clock = manualClock('2026-03-01T12:00:00.000Z');

describe('FileSkillStore on an Anton skills folder', () => {
  it('lists current and legacy skills by label, reports the unreadable one', () => {
    const { skills, problems } = new FileSkillStore({ root: copy() }).list();
    expect(skills.map((s) => [s.label, s.folder, s.layout])).toEqual([
      ['bar-chart', 'old-plotting', 'current'],
      ['csv-summary', 'csv-summary', 'current'],
      ['web-scraper', 'Web_Scraper', 'legacy'],
      ['yaml-quirks', 'yaml-quirks', 'current'],
    ]);
    expect(problems).toEqual([{ folder: 'broken-skill', reason: "SKILL.md: the front matter has no closing '---' line" }]);
  });
  it('finds a renamed skill by its listed label and by its folder (anton.md §15.13)', () => {
    const store = new FileSkillStore({ root: copy() });
    expect(store.load('bar-chart')?.folder).toBe('old-plotting');
    expect(store.load('old-plotting')?.label).toBe('bar-chart');
    expect(store.load('Bar_Chart')?.label).toBe('bar-chart');
    expect(store.load('nope')).toBeNull();
  });
  it('loads the fields Anton loads', () => {
    const store = new FileSkillStore({ root: copy() });
    expect(store.load('csv-summary')).toMatchObject({ name: 'CSV Summary', provenance: 'manual', createdAt: '2026-02-20T10:00:00.000000+00:00', stage2: false, stage3: false, stats: { total_recalls: 3 } });
    expect(store.load('bar-chart')).toMatchObject({ metadata: { provenance: 'llm', reviewed: 'True' }, stage3: true });
    expect(store.load('web-scraper')).toMatchObject({ name: 'Web Scraper', description: 'Fetch a page and extract tables. the user gives a URL with a table', provenance: 'llm', stage3: true, body: '1. requests.get the URL.\n2. pandas.read_html.\n' });
    expect(store.load('yaml-quirks')).toMatchObject({ description: 'no', stats: { total_recalls: 0 }, body: 'Body with --- inside\n---\nstill body\n' });
  });
  it('never rewrites a legacy skill while reading it', () => {
    const root = copy();
    new FileSkillStore({ root }).load('web-scraper');
    expect(existsSync(join(root, 'Web_Scraper', 'meta.json'))).toBe(true);
    expect(existsSync(join(root, 'Web_Scraper', 'SKILL.md'))).toBe(false);
  });
  it('resolves typos with the difflib ratio (cutoff 0.6) and lists labels when nothing is close', () => {
    const store = new FileSkillStore({ root: copy() });
    expect(store.resolve('csv-summary')).toMatchObject({ kind: 'found' });
    for (const typo of ['csv-sumary', 'CSV_Summary', 'summary']) expect(store.resolve(typo)).toMatchObject({ kind: typo === 'CSV_Summary' ? 'found' : 'closest', skill: { label: 'csv-summary' } });
    expect(store.resolve('xyzzy')).toEqual({ kind: 'missing', input: 'xyzzy', available: ['bar-chart', 'csv-summary', 'web-scraper', 'yaml-quirks'] });
    expect(store.resolve('../csv-summary')).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/refused: it looks like a path/) as string });
  });
});

describe('FileSkillStore writes', () => {
  it('saves in the current layout, private files, keeping counters on a second save', async () => {
    const root = empty();
    const store = new FileSkillStore({ root, clock });
    const saved = await store.save({ label: 'csv-summary', description: 'Summarise a CSV', whenToUse: 'a CSV arrives', body: '1. load\n', displayName: 'CSV Summary', provenance: 'manual' });
    expect(saved).toMatchObject({ label: 'csv-summary', created: true });
    expect(readFileSync(join(root, 'csv-summary', 'SKILL.md'), 'utf8')).toBe('---\nname: csv-summary\ndescription: Summarise a CSV. a CSV arrives\nmetadata:\n  display_name: CSV Summary\n  provenance: manual\n  created_at: "2026-03-01T12:00:00.000+00:00"\n---\n1. load\n');
    expect(statSync(join(root, 'csv-summary', 'SKILL.md')).mode & 0o777).toBe(0o600);
    await store.creditRecall('csv-summary');
    await store.save({ label: 'csv-summary', description: 'Better summary', body: '2. load\n' });
    expect(store.load('csv-summary')).toMatchObject({ description: 'Better summary', stats: { total_recalls: 1 } });
  });
  it('scrubs secrets from what it saves', async () => {
    const root = empty();
    await new FileSkillStore({ root }).save({ label: 'api', description: 'Call the API', body: 'export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz012345\n' });
    expect(readFileSync(join(root, 'api', 'SKILL.md'), 'utf8')).not.toContain('sk-proj-abcdefghijklmnopqrstuvwxyz012345');
  });
  it.each(['../x', '/etc', '', 'a'.repeat(65), '..', 'a/b', 'CSV Summary', '!!!'])('refuses to create %j, writing nothing', async (label) => {
    const root = empty();
    await expect(new FileSkillStore({ root }).save({ label, description: 'd', body: 'b' })).rejects.toThrow(SkillLabelError);
    expect(existsSync(join(root, 'SKILL.md'))).toBe(false);
    expect(existsSync(join(root, '..', 'x'))).toBe(false);
  });
  it('refuses an empty description', async () => {
    await expect(new FileSkillStore({ root: empty() }).save({ label: 'a', description: '  ', body: 'b' })).rejects.toThrow(/description is empty/);
  });
  it.each(['../x', '/etc', '', '   ', 'x'.repeat(200), '..', '../../'])('refuses to recall or remove %j', (label) => {
    const root = copy();
    const store = new FileSkillStore({ root });
    expect(() => store.remove(label)).toThrow(SkillLabelError);
    expect(() => store.load(label)).toThrow(SkillLabelError);
    expect(store.resolve(label).kind).toBe('invalid');
    expect(store.list().skills).toHaveLength(4);
  });
  it('removes by label or folder, never by a fuzzy match', () => {
    const root = copy();
    const store = new FileSkillStore({ root });
    expect(store.remove('csv-sumary')).toEqual({ removed: false, label: null, dir: null });
    expect(store.remove('bar-chart')).toMatchObject({ removed: true, label: 'bar-chart' });
    expect(existsSync(join(root, 'old-plotting'))).toBe(false);
    expect(store.remove('broken-skill')).toMatchObject({ removed: true });
    expect(store.list().skills.map((s) => s.label)).toEqual(['csv-summary', 'web-scraper', 'yaml-quirks']);
  });
  it('refuses to write or remove through a link leading outside the root', async () => {
    const root = empty();
    const outside = join(tmp, `outside${n++}`);
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'SKILL.md'), '---\nname: evil\ndescription: d\n---\nbody');
    mkdirSync(root, { recursive: true });
    symlinkSync(outside, join(root, 'evil'));
    const store = new FileSkillStore({ root });
    expect(() => store.remove('evil')).toThrow(/link that leads outside/);
    await expect(store.save({ label: 'evil', description: 'd', body: 'b' })).rejects.toThrow(/link that leads outside/);
    expect(await store.creditRecall('evil')).toMatchObject({ ok: false });
    expect(existsSync(join(outside, 'SKILL.md'))).toBe(true);
    expect(existsSync(join(outside, 'stats.json'))).toBe(false);
  });
  it('credits the resolved label under a lock; concurrent credits all count', async () => {
    const root = copy();
    const store = new FileSkillStore({ root, clock });
    const results = await Promise.all(Array.from({ length: 20 }, () => new FileSkillStore({ root, clock }).creditRecall('old-plotting')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(store.load('bar-chart')?.stats).toMatchObject({ total_recalls: 20, stage_1: { recommended: 20, last_used: '2026-03-01T12:00:00.000+00:00' } });
    expect(await store.creditRecall('nope')).toEqual({ ok: false, error: 'no skill named "nope" to credit' });
  });
  it('picks unique labels as Anton does', async () => {
    const root = empty();
    const store = new FileSkillStore({ root });
    expect(store.uniqueLabel('CSV Summary')).toBe('csv-summary');
    await store.save({ label: 'csv-summary', description: 'd', body: 'b' });
    expect(store.uniqueLabel('CSV Summary')).toBe('csv-summary-2');
    expect(store.uniqueLabel('!!!')).toBe('skill');
  });
  it('keeps two folders claiming one name both reachable, and says so', () => {
    const root = empty();
    for (const [folder, name] of [['bar', 'bar'], ['foo', 'bar']] as const) {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, folder, 'SKILL.md'), `---\nname: ${name}\ndescription: in ${folder}\n---\n`);
    }
    const { skills, problems } = new FileSkillStore({ root }).list();
    expect(skills.map((s) => [s.label, s.folder])).toEqual([['bar', 'bar'], ['foo', 'foo']]);
    expect(problems).toEqual([{ folder: 'foo', reason: 'its name "bar" is taken by folder "bar"; listed as "foo"' }]);
  });
  it('is empty when the root does not exist', () => expect(new FileSkillStore({ root: empty() }).list()).toEqual({ skills: [], problems: [] }));
});
