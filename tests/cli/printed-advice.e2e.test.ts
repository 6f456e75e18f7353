// Every command engram prints as advice, run exactly as printed: pasted into a shell in another
// folder, it must work (issue 26: `npx engram`, a chat hint without --project, a resume line
// without --home/--project/--llm that exited 2).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './run-cli.js';

/** The demo's two sessions with real Python cells, then one pasted command, on a loaded 2-core machine. */
const WITHIN_MS = 120_000;

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const folder = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'engram-advice-'));
  roots.push(root);
  return root;
};
const env = () => ({ PATH: process.env['PATH'] ?? '', HOME: folder(), ENGRAM_SERVE: '0' });

/** A printed line pasted into `sh` in a folder that is neither the repository nor the project. */
const paste = (line: string, input = '') => spawnSync('sh', ['-c', line], { cwd: folder(), input, encoding: 'utf8', env: env(), timeout: WITHIN_MS });

const lineAfter = (text: string, prefix: RegExp): string => {
  const m = new RegExp(`${prefix.source}(.+)$`, 'm').exec(text);
  if (m?.[1] === undefined) throw new Error(`no line ${String(prefix)} in:\n${text}`);
  return m[1].trim();
};

describe('commands engram prints as advice', () => {
  it('the demo\'s replay and chat lines run as printed: the replay check passes, the chat loads the demo\'s project lessons', () => {
    const home = join(folder(), 'demo home');
    const demo = spawnSync(process.execPath, [BIN, 'demo', '--home', home], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: WITHIN_MS });
    expect(demo.status, demo.stderr).toBe(0);
    expect(demo.stdout).not.toMatch(/npx engram/);
    expect(demo.stdout).not.toMatch(/Replay what was learned: .*log stats/);
    const replay = lineAfter(demo.stdout, /check it matches: /);
    expect(replay).toMatch(/ replay --check /);
    const replayed = paste(replay);
    expect(replayed.status, replayed.stderr + replayed.stdout).toBe(0);
    // The chat hint: started as printed, asked for its memory, left. The key is a placeholder, and
    // /memory never calls the model.
    const chatLine = lineAfter(demo.stdout, /^ {2}(?=ANTHROPIC_API_KEY=)/);
    expect(chatLine).toContain('--project');
    const chat = paste(chatLine, '/memory\n/exit\n');
    expect(chat.status, chat.stderr).toBe(0);
    // A lesson session 1 stored for the demo's project is in the chat's memory.
    expect(chat.stdout).toMatch(/Check the path exists/);
  }, 2 * WITHIN_MS);

  it('the chat\'s resume and forget lines run as printed from another folder', () => {
    const root = folder();
    const home = join(root, 'home');
    const project = join(root, 'project');
    const cassette = `scripted:${join(ROOT, 'tests/fixtures/chat/copilot-two-lessons.cassette.json')}`;
    const first = spawnSync(process.execPath, [BIN, 'chat', '--mode', 'copilot', '--home', home, '--project', project, '--llm', cassette], {
      cwd: ROOT,
      input: 'Load missing.csv\nn\n/forget old server name\n/exit\n',
      encoding: 'utf8',
      env: env(),
      timeout: WITHIN_MS,
    });
    expect(first.status, first.stderr).toBe(0);
    const resume = lineAfter(first.stderr, /^resume with: /);
    expect(resume).not.toMatch(/npx/);
    const resumed = paste(resume, '/exit\n');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/\(resumed\)/);
    const forget = lineAfter(first.stdout, /^to forget it, leave the chat and run: /);
    const forgot = paste(forget);
    expect(forgot.status, forgot.stderr).toBe(0);
  }, 2 * WITHIN_MS);
});
