import { manualClock } from '@engram/kernel';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSemanticStore } from './file-semantic-store.js';

const fixtures = join(import.meta.dirname, '../../../../../tests/fixtures/hippocampus');
const fake = (...parts: string[]) => parts.join('');
const anthropicKey = fake('sk-ant-', 'api03-', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');

let root: string;
let dir: string;
const clock = manualClock('2026-11-22T03:15:00.000Z');
const store = (): FileSemanticStore => new FileSemanticStore({ dir, scope: 'global', clock });
const file = (name: string) => readFileSync(join(dir, name), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-hc-'));
  dir = join(root, 'memory');
  clock.set(Date.parse('2026-11-22T03:15:00.000Z'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('FileSemanticStore writes', () => {
  it('writes rules in Anton layout, with engram time and id after Anton keys; files 0600, folder 0700', async () => {
    const s = store();
    await s.encodeRule('Write big outputs to disk', 'always');
    clock.advance(1234);
    await s.encodeRule('When a cell times out, split it', 'when', { confidence: 'high', source: 'user' });
    const text = file('rules.md');
    expect(text).toMatch(
      /^# Rules\n\n## Always\n- Write big outputs to disk <!-- confidence:medium source:llm ts:2026-11-22 at:2026-11-22T03:15:00\.000Z id:[0-9a-f]{16} -->\n\n## Never\n\n## When\n- When a cell times out, split it <!-- confidence:high source:user ts:2026-11-22 at:2026-11-22T03:15:01\.234Z id:[0-9a-f]{16} -->\n$/,
    );
    expect(statSync(join(dir, 'rules.md')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('dedupes as Anton does: exact text across every rule kind; lessons regardless of topic', async () => {
    const s = store();
    expect((await s.encodeRule('a', 'always')).outcome).toBe('added');
    expect((await s.encodeRule('a', 'never')).outcome).toBe('duplicate');
    expect((await s.encodeRule('A', 'never')).outcome).toBe('added');
    expect((await s.encodeRule('Sneaky ---> visible', 'never')).outcome).toBe('added');
    expect((await s.encodeRule('Sneaky ---> visible', 'never')).outcome).toBe('duplicate');
    expect((await s.encodeLesson('l1', { topic: 'x' })).outcome).toBe('added');
    expect((await s.encodeLesson('l1', { topic: 'y' })).outcome).toBe('duplicate');
    expect((await s.encodeLesson(' \n ')).outcome).toBe('empty');
    const batch = await s.encode([
      { text: 'b', kind: 'lesson' },
      { text: 'b', kind: 'lesson' },
    ]);
    expect(batch.map((r) => r.outcome)).toEqual(['added', 'duplicate']);
    expect((await s.read()).lessons.map((l) => l.text)).toEqual(['l1', 'b']);
  });

  it('appends lessons and reads back a lesson holding <!--- whole (Anton truncated it)', async () => {
    const s = store();
    await s.encodeLesson('hide <!--- this');
    await s.encodeLesson('second', { topic: 'API: CoinGecko!' });
    expect(file('lessons.md').split('\n')[0]).toBe('# Lessons');
    expect((await store().read()).lessons.map((l) => [l.text, l.topic])).toEqual([
      ['hide <!- this', null],
      ['second', 'api-coingecko'],
    ]);
  });

  it('keeps hand-written content on rewrites: prose, unknown sections and keys, CRLF, no final newline', async () => {
    cpSync(join(fixtures, 'hand-edited'), dir, { recursive: true });
    const before = { rules: file('rules.md'), lessons: file('lessons.md') };
    const s = store();
    await s.encodeRule('A new rule', 'never');
    await s.encodeLesson('A new lesson');
    const rules = file('rules.md');
    for (const line of before.rules.split('\n')) expect(rules).toContain(line);
    expect(rules).toContain('## Never\n- Commit secrets <!-- confidence:high source:user ts:2026-02-04 -->\n- A new rule <!--');
    expect(file('lessons.md').startsWith(`${before.lessons}\n- A new lesson <!--`)).toBe(true);
    const snap = await s.read();
    expect(snap.diagnostics.map((d) => [d.location.endsWith('rules.md'), d.line, d.field])).toContainEqual([true, 6, 'kind']);
  });

  it('updates keep the id and unknown keys; removes keep everything else', async () => {
    cpSync(join(fixtures, 'anton-global'), dir, { recursive: true });
    const s = store();
    const { lessons } = await s.read();
    const target = lessons[1];
    if (target === undefined) throw new Error('fixture changed');
    const updated = await s.update(target.id, 'pandas needs encoding=latin-1\n- forged entry');
    expect(updated.outcome).toBe('updated');
    expect(updated.entry?.id).toBe(target.id);
    const after = await store().read();
    expect(after.lessons).toHaveLength(4);
    expect(after.lessons[1]).toMatchObject({ id: target.id, text: 'pandas needs encoding=latin-1 - forged entry', updatedAt: '2026-11-22T03:15:00.000Z' });
    expect((await s.update(target.id, 'CoinGecko free tier rate-limits at ~50 req/min')).outcome).toBe('duplicate');
    expect((await s.remove(target.id)).outcome).toBe('removed');
    expect((await s.remove(target.id)).outcome).toBe('not-found');
    expect((await store().read()).lessons.map((l) => l.topic)).toEqual(['api-coingecko', 'scratchpad', 'api-billing']);
  });

  it('merges identity facts by key, trimming the key (Anton missed "Name : x")', async () => {
    cpSync(join(fixtures, 'hand-edited', 'profile.md'), join(dir, 'profile.md'));
    const s = store();
    const results = await s.rewriteIdentity(['name: Ada', 'free line fact', 'Prefers UTC']);
    expect(results.map((r) => r.outcome)).toEqual(['superseded', 'duplicate', 'added']);
    expect((await s.read()).identities.map((f) => f.text)).toEqual(['free line fact', 'name: Ada', 'Prefers UTC']);
    expect(file('profile.md')).toBe('# Profile\n\nfree line fact\n## Not a fact\n- name: Ada\n- Prefers UTC\n');
  });

  it('scrubs secrets on every write path', async () => {
    const s = store();
    await s.encodeRule(`Never paste ${anthropicKey}`, 'never');
    await s.encodeLesson('connect with postgres://u:hunter2@db/x', { topic: `topic ${anthropicKey}` });
    await s.encode([{ text: 'password=hunter2', kind: 'when' }]);
    await s.rewriteIdentity([`api_key: ${anthropicKey}`]);
    const id = (await s.read()).lessons[0]?.id ?? '';
    await s.update(id, 'token=abc123secret');
    for (const name of ['rules.md', 'lessons.md', 'profile.md']) {
      const text = file(name);
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('AbCdEfGhIj');
      expect(text).not.toContain('abc123secret');
      expect(text).toContain('[REDACTED:');
    }
  });

  it('serves unchanged files from its index and sees hand edits at once', async () => {
    const s = store();
    await s.encodeLesson('one');
    const first = await s.read();
    expect((await s.read()).lessons[0]).toBe(first.lessons[0]);
    appendFileSync(join(dir, 'lessons.md'), '- added by hand\n');
    expect((await s.read()).lessons.map((l) => l.text)).toEqual(['one', 'added by hand']);
    expect((await s.encodeLesson('added by hand')).outcome).toBe('duplicate');
  });

  it('refuses to rewrite a file it cannot decode, and loses nothing', async () => {
    const s = store();
    await s.encodeRule('kept', 'always');
    const bytes = Buffer.concat([readFileSync(join(dir, 'rules.md')), Buffer.from([0xff, 0xfe, 0x0a])]);
    writeFileSync(join(dir, 'rules.md'), bytes);
    await expect(s.encodeRule('new', 'always')).rejects.toThrow(/rules\.md: not valid UTF-8/);
    expect(readFileSync(join(dir, 'rules.md'))).toEqual(bytes);
    expect((await s.read()).diagnostics[0]?.message).toMatch(/not valid UTF-8/);
  });

  it('clear removes the files', async () => {
    const s = store();
    await s.encodeRule('x', 'always');
    await s.encodeLesson('y');
    await s.clear();
    const snap = await s.read();
    expect([snap.rules.length, snap.lessons.length]).toEqual([0, 0]);
  });

  it('reports a write it cannot make with the file named, and keeps the old file', async () => {
    const s = store();
    await s.encodeRule('kept', 'always');
    chmodSync(dir, 0o500);
    try {
      if (process.getuid?.() === 0) return; // root writes anyway
      await expect(s.encodeRule('new', 'never')).rejects.toThrow();
      expect((await store().read()).rules.map((r) => r.text)).toEqual(['kept']);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});

describe('FileSemanticStore reads Anton files and writes files Anton reads', () => {
  it('round-trips the Anton fixture through a rewrite', async () => {
    cpSync(join(fixtures, 'anton-global'), dir, { recursive: true });
    const s = store();
    const before = await s.read();
    await s.encodeRule('Prefer UTC timestamps', 'always');
    const after = await store().read();
    expect(after.rules.filter((r) => r.text !== 'Prefer UTC timestamps')).toEqual(before.rules);
    // Every entry line still matches Anton's grammar: "- text <!-- key:value ... -->".
    for (const line of file('rules.md').split('\n').filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- [^<]+ <!--( [\w]+:\S+)+ -->$/);
  });
});
