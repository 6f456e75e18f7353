// The chat says what it learned (issue 26 item 5): after each turn one line per stored entry with
// the command that undoes it, run here exactly as printed; copilot asks before a global rule
// (an ACC lesson is a high-confidence global rule, which copilot used to write unseen).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer, type ReceivedRequest } from '@engram/llm/testing';
import { readLogFile } from '@engram/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../cli/run-cli.js';
import { TMUX_MISSING_REASON, TMUX_PRESENT, TmuxPane } from './tmux-pane.js';

if (!TMUX_PRESENT && process.env['CI'] === 'true') throw new Error('tmux is missing: .ci/run installs the Debian tmux package');

/** The first screen (node start-up, the CLI's imports) on a loaded 2-core machine. */
const STARTED_WITHIN_MS = 20_000;
/** A turn with real Python cells plus end-of-turn learning (the post-mortem asks the model too). */
const TURN_WITHIN_MS = 40_000;
/** Leaving: the session's close stores what was learned and runs the habit loop. */
const EXIT_WITHIN_MS = 20_000;
/** Wide enough that a learned line and its undo command (absolute paths) stay on one screen line. */
const PANE_WIDTH = 400;

const roots: string[] = [];
const panes: TmuxPane[] = [];
afterEach(() => {
  for (const p of panes.splice(0)) p.kill();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const folder = (prefix: string): string => {
  const root = mkdtempSync(join(tmpdir(), prefix));
  roots.push(root);
  return root;
};

/** The empty prompt (capture-pane drops trailing spaces). */
const PROMPT = /^you>$/m;

/** The learning calls the test does not script (the post-mortem, consolidation): a forced tool gets an empty answer. */
const forcedTool = (req: ReceivedRequest): boolean => typeof req.body['tool_choice'] === 'object' && req.body['tool_choice'] !== null;

/** What `engram memory show --json` holds, every scope's entries as `scope kind text`. */
const stored = (home: string, project: string): string[] => {
  const r = runCli(['memory', 'show', '--json', '--home', home, '--project', project]);
  expect(r.status, r.stderr).toBe(0);
  const shown = JSON.parse(r.stdout) as Record<string, { rules: { kind: string; text: string }[]; lessons: { kind: string; text: string }[]; identities: { kind: string; text: string }[] }>;
  return Object.entries(shown).flatMap(([scope, s]) => [...s.rules, ...s.lessons, ...s.identities].map((e) => `${scope} ${e.kind} ${e.text}`));
};

describe.skipIf(!TMUX_PRESENT)(`engram chat says what it learned (tmux, local OpenAI-compatible server)${TMUX_PRESENT ? '' : ` (skipped: ${TMUX_MISSING_REASON})`}`, () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** `engram chat --llm openai` against the local server in a wide tmux pane, with only the environment given. */
  const chat = (args: readonly string[]) => {
    const root = folder('engram-chat-learned-');
    const home = join(root, 'home');
    const project = join(root, 'project');
    const pane = new TmuxPane(root, [process.execPath, BIN, 'chat', '--home', home, '--project', project, '--llm', 'openai', '--planning-model', 'local-plan', '--coding-model', 'local-code', ...args], {
      cwd: root,
      width: PANE_WIDTH,
      env: { PATH: process.env['PATH'] ?? '', HOME: root, TERM: 'xterm-256color', ENGRAM_SERVE: '0', OPENAI_BASE_URL: server.openAiUrl, OPENAI_API_KEY: FAKE_KEY },
    });
    panes.push(pane);
    return { pane, home, project };
  };

  it('autopilot: one line per stored entry with its undo command, and that command, pasted as printed in another folder, removes the entry', async () => {
    server.reset();
    server.setFallback((req) => (forcedTool(req) ? { kind: 'tool', input: { lessons: [], items: [] } } : { kind: 'text', text: 'Nothing more to add.' }));
    const lesson = 'Deploys go through scripts/ship.sh, never by hand.';
    server.enqueue({ kind: 'tool', name: 'memorize', input: { entries: [{ text: lesson, kind: 'lesson', scope: 'project' }] } }, { kind: 'text', text: 'Noted: deploys go through ship.sh.' });
    const { pane, home, project } = chat(['--mode', 'autopilot']);
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Remember that deploys go through scripts/ship.sh.');
    const screen = await pane.waitFor(/^✚ learned \(lesson, project\) .* · undo: .+$/m, TURN_WITHIN_MS);
    expect(screen).toMatch(/^Noted: deploys go through ship\.sh\.$/m);
    const line = /^✚ learned \(lesson, project\) (.*) · undo: (.+)$/m.exec(screen);
    expect(line?.[1]).toBe(lesson);
    const undo = (line?.[2] ?? '').trim();
    // The engram this install runs, with the chat's own home and project: it works pasted anywhere.
    expect(undo).toMatch(/engram\.js memory remove \S+ --scope project --home \S+ --project \S+$/);
    expect(undo).not.toMatch(/npx/);
    // One line per entry: the turn stored one.
    expect(screen.match(/✚ learned /g)).toHaveLength(1);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);
    expect(stored(home, project)).toContain(`project lesson ${lesson}`);

    const pasted = spawnSync('sh', ['-c', undo], { cwd: folder('engram-paste-'), encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: folder('engram-paste-home-'), ENGRAM_SERVE: '0' }, timeout: 60_000 });
    expect(pasted.status, pasted.stderr + pasted.stdout).toBe(0);
    expect(stored(home, project).filter((e) => e.includes('ship.sh'))).toEqual([]);
  }, 180_000);

  /** A copilot chat whose model fails the same cell twice, so the ACC proposes a high-confidence global rule. */
  const copilotAfterTwoFailures = (): ReturnType<typeof chat> => {
    server.reset();
    server.setFallback((req) => (forcedTool(req) ? { kind: 'tool', input: { lessons: [], items: [] } } : { kind: 'text', text: 'Nothing more to add.' }));
    const failing = (id: number) => ({ kind: 'tool' as const, name: 'scratchpad', input: { action: 'exec', name: 'main', code: "open('missing.csv')", one_line_description: `open the data, try ${id}` } });
    server.enqueue(failing(1), failing(2), { kind: 'text', text: 'I could not open missing.csv.' });
    return chat(['--mode', 'copilot']);
  };

  it('copilot: a global rule waits for a yes (the ACC\'s high-confidence rule after a repeated failure); "n" stores nothing and says so', async () => {
    const { pane, home, project } = copilotAfterTwoFailures();
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Load missing.csv');
    const asked = await pane.waitFor(/Save to memory\? \(y\/n\/pick numbers\)/, TURN_WITHIN_MS);
    expect(asked).toMatch(/^I could not open missing\.csv\.$/m);
    const rule = /^ {2}1\. \((when|always|never), global\) (.+)$/m.exec(asked);
    expect(rule, asked).not.toBeNull();
    // Asked, not written: nothing global is stored before the answer.
    expect(asked).not.toMatch(/learned \(\w+, global\)/);
    pane.type('n');
    await pane.waitFor(/saved 0, rejected 1: nothing was stored/, TURN_WITHIN_MS);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);
    expect(pane.screen()).not.toMatch(/learned \(\w+, global\)/);
    expect(stored(home, project).filter((e) => e.startsWith('global '))).toEqual([]);
    const logs = runCli(['memory', 'pending', 'list', '--json', '--home', home, '--project', project]);
    expect(JSON.parse(logs.stdout)).toEqual([]);
    const log = /^event log: (\S+\.jsonl)$/m.exec(pane.screen())?.[1] ?? '';
    const types = readLogFile(log).events.map((e) => e.type);
    expect(types).toContain('acc.lesson.detected');
    expect(runCli(['replay', log, '--check']).status).toBe(0);
  }, 180_000);

  it('copilot: "y" stores the global rule and says so, with the undo that removes it', async () => {
    const { pane, home, project } = copilotAfterTwoFailures();
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Load missing.csv');
    await pane.waitFor(/Save to memory\? \(y\/n\/pick numbers\)/, TURN_WITHIN_MS);
    pane.type('y');
    const screen = await pane.waitFor(/^✚ learned \(when, global\) .* · undo: .+$/m, TURN_WITHIN_MS);
    expect(screen).toMatch(/saved 1, rejected 0$/m);
    const undo = (/^✚ learned \(when, global\) .* · undo: (.+)$/m.exec(screen)?.[1] ?? '').trim();
    expect(undo).toMatch(/engram\.js memory remove \S+ --scope global --home \S+ --project \S+$/);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    // Undone while the chat is still open: remove rewrites no log.
    const pasted = spawnSync('sh', ['-c', undo], { cwd: folder('engram-paste-'), encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: folder('engram-paste-home-'), ENGRAM_SERVE: '0' }, timeout: 60_000 });
    expect(pasted.status, pasted.stderr + pasted.stdout).toBe(0);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);
    expect(stored(home, project).filter((e) => e.startsWith('global '))).toEqual([]);
  }, 180_000);
});
