/**
 * The quick `memory show|list|context` (what bin/engram starts without the runtime) against the
 * full commands' own functions over the same files: it answers the lines it takes with exactly
 * their text, and hands every other line back (null).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryContextJson, memoryContextText } from '../memory-context-text.js';
import { memoryText } from '../memory-text.js';
import { openFileMemory } from '../open/open-active-memory.js';
import { quickMemory } from './quick-memory.js';

let root = '';
let home = '';
let project = '';
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ENGRAM_HOME: home, ...extra });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-quick-memory-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(project);
  const { cortex } = openFileMemory({ home, project }, {});
  for (const [text, kind, scope] of [
    ['Always run the tests before committing', 'always', 'project'],
    ['When a CSV fails to parse, try a semicolon separator', 'when', 'global'],
    ['The staging database is read-only on Fridays', 'lesson', 'project'],
    ['Prefers short answers', 'profile', 'global'],
  ] as const)
    await cortex.propose({ engram: { text, kind, scope, confidence: 'high', topic: null, source: 'user' }, origin: 'user' });
  // A linked memory file is refused and named: the notes must be the same too.
  writeFileSync(join(root, 'elsewhere.md'), '- a lesson from elsewhere\n');
  symlinkSync(join(root, 'elsewhere.md'), join(home, 'memory', 'lessons.md'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('quickMemory', () => {
  it('answers show, list and context on the files with the full commands’ text', async () => {
    const m = openFileMemory({ home, project }, {});
    const shown = await Promise.all((['global', 'project'] as const).map(async (scope) => ({ scope, where: m.where(scope), snap: await m.stores[scope].read() })));
    expect(shown[0]?.snap.diagnostics).not.toEqual([]);
    const answer = await quickMemory(['memory', 'show', '--project', project], env(), root);
    expect(answer).toEqual({ out: memoryText.show(shown), err: '', code: 0 });
    const global = await quickMemory(['memory', 'list', '--scope=global', '--json', '--project', project], env(), root);
    expect(JSON.parse(global?.out ?? '')).toEqual(JSON.parse(JSON.stringify({ global: { dir: m.where('global'), ...shown[0]?.snap } })));

    const message = 'the CSV will not parse';
    const block = await m.cortex.memoryContext(message);
    const primer = await m.cortex.scratchpadPrimer();
    const notes = (await m.cortex.memoryNotes()).map((n) => `engram memory context: note: ${n}\n`).join('');
    expect(notes).toContain('symbolic link');
    expect(await quickMemory(['memory', 'context', '--message', message, '--project', project], env(), root)).toEqual({ out: memoryContextText(block, primer), err: notes, code: 0 });
    expect((await quickMemory(['memory', 'context', `--message=${message}`, '--json'], env(), project))?.out).toBe(memoryContextJson(block, primer));
    // A mode the full command accepts, however written.
    expect(await quickMemory(['memory', 'show', '--project', project], env({ ENGRAM_MEMORY_MODE: ' COPILOT ' }), root)).not.toBeNull();
  });

  it('hands back every line it does not answer exactly as the full command would', async () => {
    for (const argv of [
      ['memory', 'add', 'x'],
      ['memory', 'show', '--help'],
      ['memory', 'show', '--scope', 'everywhere'],
      ['memory', 'show', '--json', '--json'],
      ['memory', 'show', '--json=yes'],
      ['memory', 'show', '--home'],
      ['memory', 'show', '--tenant', 't'],
      ['memory', 'show', '--store', 'postgres://u@127.0.0.1/db'],
      ['memory', 'show', 'extra'],
      ['memory', 'context', '--scope', 'global'],
      ['memory', 'context', '--message', '-x'],
      ['--embedder', 'http://127.0.0.1:1', 'memory', 'show'],
    ])
      expect(await quickMemory(argv, env(), project)).toBeNull();
    for (const extra of [{ ENGRAM_STORE: 'postgres://u@127.0.0.1/db' }, { ENGRAM_EMBEDDER_URL: 'http://127.0.0.1:1/v1' }, { ENGRAM_MEMORY_MODE: 'copilto' }, { ENGRAM_ACC_MODE: 'loud' }]) expect(await quickMemory(['memory', 'show'], env(extra), project)).toBeNull();
  });
});
