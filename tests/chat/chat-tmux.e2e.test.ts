import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer } from '@engram/llm/testing';
import { readLogFile } from '@engram/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../cli/run-cli.js';
import { TMUX_MISSING_REASON, TMUX_PRESENT, TmuxPane } from './tmux-pane.js';

if (!TMUX_PRESENT && process.env['CI'] === 'true') throw new Error('tmux is missing: .ci/run installs the Debian tmux package');

/** The first screen (node start-up, the CLI's imports) on a loaded 2-core machine. */
const STARTED_WITHIN_MS = 20_000;
/** A turn with a real Python cell (the pad starts python) plus end-of-turn learning. */
const TURN_WITHIN_MS = 30_000;
/** Leaving: the session's close stores what was learned and runs the habit loop. */
const EXIT_WITHIN_MS = 20_000;

const cassette = (name: string) => join(ROOT, 'tests/fixtures/chat', name);
const panes: TmuxPane[] = [];
const roots: string[] = [];
afterEach(() => {
  for (const p of panes.splice(0)) p.kill();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** `engram chat` in a 120x40 tmux pane, with only the environment given (no CI, so the spinner spins as for a person). */
const chat = (args: readonly string[], env: Readonly<Record<string, string>> = {}) => {
  const root = mkdtempSync(join(tmpdir(), 'engram-chat-'));
  roots.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  const pane = new TmuxPane(root, [process.execPath, BIN, 'chat', '--home', home, '--project', project, ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: root, TERM: 'xterm-256color', ENGRAM_SERVE: '0', ...env },
  });
  panes.push(pane);
  return { pane, home, project };
};

/** The one event log the chat wrote. */
const eventLogOf = (project: string): string => {
  const dir = join(project, '.engram', 'events');
  const logs = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(logs).toHaveLength(1);
  return join(dir, logs[0] as string);
};

/** The empty prompt (capture-pane drops trailing spaces). */
const PROMPT = /^you>$/m;

describe.skipIf(!TMUX_PRESENT)(`engram chat in a real terminal (tmux)${TMUX_PRESENT ? '' : ` (skipped: ${TMUX_MISSING_REASON})`}`, () => {
  it('answers two turns, the second about the first, then leaves on /exit with a log that replays', async () => {
    const { pane, project } = chat(['--llm', `scripted:${cassette('two-turns.cassette.json')}`]);
    await pane.waitFor(/engram chat · session \d{8}_\d{6}_[0-9a-f]{4}/, STARTED_WITHIN_MS);
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('My name is Ada.');
    await pane.waitFor(/^Nice to meet you, Ada\.$/m, TURN_WITHIN_MS);
    pane.type('What is my name?');
    await pane.waitFor(/^Your name is Ada\.$/m, TURN_WITHIN_MS);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);
    const screen = pane.screen();
    expect(screen).toMatch(/^event log: .*\.jsonl$/m);
    expect(screen).toMatch(/^resume with: .*engram\.js chat --resume \d{8}_\d{6}_[0-9a-f]{4}( |$)/m);

    const log = eventLogOf(project);
    const { events, problems } = readLogFile(log);
    expect(problems).toEqual([]);
    const turns = events.flatMap((e) => (e.type === 'executive.turn.completed' ? [e.data.answer] : []));
    expect(turns).toEqual(['Nice to meet you, Ada.', 'Your name is Ada.']);
    expect(events.filter((e) => e.type === 'executive.turn.started').map((e) => e.turn)).toEqual([1, 2]);
    // Left suspended, not ended, so `--resume` can carry it on.
    expect(events.map((e) => e.type)).not.toContain('executive.session.ended');
    const replay = runCli(['replay', log, '--check']);
    expect(replay.stdout).toContain('check: ok, derived == recorded');
    expect(replay.status).toBe(0);
  }, 120_000);

  it('copilot: the pending memories are numbered after the answer, and "1" stores exactly that one', async () => {
    const { pane, home, project } = chat(['--mode', 'copilot', '--llm', `scripted:${cassette('copilot-two-lessons.cassette.json')}`]);
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Load missing.csv');
    const shown = await pane.waitFor(/Save to memory\? \(y\/n\/pick numbers\)/, TURN_WITHIN_MS);
    // One line for the failed tool call, then the answer, then the two memories numbered.
    expect(shown).toMatch(/✖ scratchpad main: open the data · failed · \d+(\.\d)? m?s/);
    expect(shown).toMatch(/^I could not open missing\.csv\.$/m);
    expect(shown).toMatch(/^ {2}1\. \(lesson, project\) Check that a data file exists before opening it\.$/m);
    expect(shown).toMatch(/^ {2}2\. \(lesson, project\) Ask the user where the data lives when a file is missing\.$/m);
    pane.type('1');
    await pane.waitFor(/saved 1, rejected 1/, TURN_WITHIN_MS);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);

    const lessons = readFileSync(join(project, '.engram', 'memory', 'lessons.md'), 'utf8');
    expect(lessons).toContain('Check that a data file exists before opening it.');
    expect(lessons).not.toContain('Ask the user where the data lives');
    // The other was rejected, not left waiting.
    const pending = runCli(['memory', 'pending', 'list', '--json', '--home', home, '--project', project]);
    expect(JSON.parse(pending.stdout)).toEqual([]);
    const log = eventLogOf(project);
    const confirmed = readLogFile(log).events.flatMap((e) => (e.type === 'cortex.engram.confirmed' ? [e.data.decision] : []));
    expect(confirmed.sort()).toEqual(['accepted', 'rejected']);
    expect(runCli(['replay', log, '--check']).status).toBe(0);
  }, 120_000);

  it('copilot: a line typed during the turn is the next message, never the answer to "Save to memory?"', async () => {
    const { pane, project } = chat(['--mode', 'copilot', '--llm', `scripted:${cassette('copilot-type-ahead.cassette.json')}`]);
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Load missing.csv');
    // Typed while the turn runs (its Python cell takes far longer than this keystroke).
    pane.type('And here is my next question');
    await pane.waitFor(/Save to memory\? \(y\/n\/pick numbers\)/, TURN_WITHIN_MS);
    // The question waits for an answer typed after it: the typed-ahead line was not taken as one.
    expect(pane.screen()).not.toMatch(/answer y, n, or numbers/);
    pane.type('n');
    await pane.waitFor(/saved 0, rejected 2/, TURN_WITHIN_MS);
    // Then the typed-ahead line goes to the model as the next message.
    const after = await pane.waitFor(/^Your typed-ahead message arrived\.$/m, TURN_WITHIN_MS);
    expect(after).toMatch(/^you> And here is my next question$/m);
    expect(after).not.toMatch(/answer y, n, or numbers/);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    pane.type('/exit');
    await pane.waitForExit(EXIT_WITHIN_MS);
    const asked = readLogFile(eventLogOf(project)).events.flatMap((e) => (e.type === 'executive.turn.started' ? [e.data.message] : []));
    expect(asked).toEqual(['Load missing.csv', 'And here is my next question']);
  }, 120_000);

  it('Ctrl-C cancels the running turn, not the program: the next message is answered', async () => {
    const { pane, project } = chat(['--llm', `scripted:${cassette('slow-tool.cassette.json')}`]);
    await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
    pane.type('Wait a long time.');
    // The spinner names the running cell.
    await pane.waitFor(/scratchpad slow: wait ten minutes/, TURN_WITHIN_MS);
    pane.key('C-c');
    await pane.waitFor(/turn cancelled/, TURN_WITHIN_MS);
    await pane.waitFor(PROMPT, TURN_WITHIN_MS);
    expect(pane.exited()).toBe(false);
    pane.type('Are you still there?');
    await pane.waitFor(/^Still here after the cancelled turn\.$/m, TURN_WITHIN_MS);
    // Ctrl-C twice at the empty prompt leaves.
    pane.key('C-c');
    await pane.waitFor(/Ctrl-C again, \/exit or Ctrl-D to leave/, TURN_WITHIN_MS);
    pane.key('C-c');
    await pane.waitForExit(EXIT_WITHIN_MS);

    const log = eventLogOf(project);
    const types = readLogFile(log).events.map((e) => e.type);
    expect(types).toContain('scratchpad.cell.killed');
    expect(types.filter((t) => t === 'executive.turn.cancelled')).toHaveLength(1);
    expect(types.filter((t) => t === 'executive.turn.completed')).toHaveLength(1);
    expect(runCli(['replay', log, '--check']).status).toBe(0);
  }, 120_000);

  describe('with --llm openai against the local test server', () => {
    let server: FakeLlmServer;
    beforeAll(async () => {
      server = await startFakeLlmServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it('streams the answers of an OpenAI-compatible server into the terminal, turn after turn', async () => {
      server.reset();
      server.enqueue({ kind: 'text', text: 'Nice to meet you, Ada.' }, { kind: 'text', text: 'Your name is Ada.' });
      const { pane, project } = chat(['--llm', 'openai', '--planning-model', 'local-plan', '--coding-model', 'local-code'], { OPENAI_BASE_URL: server.openAiUrl, OPENAI_API_KEY: FAKE_KEY });
      await pane.waitFor(/engram chat · session .* · openai local-plan · memory autopilot/, STARTED_WITHIN_MS);
      await pane.waitFor(PROMPT, STARTED_WITHIN_MS);
      pane.type('My name is Ada.');
      await pane.waitFor(/^Nice to meet you, Ada\.$/m, TURN_WITHIN_MS);
      pane.type('What is my name?');
      await pane.waitFor(/^Your name is Ada\.$/m, TURN_WITHIN_MS);
      pane.type('/exit');
      await pane.waitForExit(EXIT_WITHIN_MS);

      const turns = server.requests.filter((r) => r.api === 'openai' && r.body['model'] === 'local-plan');
      expect(turns).toHaveLength(2);
      const secondAsked = JSON.stringify(turns[1]?.body['messages']);
      expect(secondAsked).toContain('What is my name?');
      // The conversation so far rides along: the first turn's message and answer.
      expect(secondAsked).toContain('My name is Ada.');
      expect(secondAsked).toContain('Nice to meet you, Ada.');
      expect(existsSync(eventLogOf(project))).toBe(true);
      expect(runCli(['replay', eventLogOf(project), '--check']).status).toBe(0);
    }, 120_000);

    it('--resume SESSION_ID carries the conversation on from its log', async () => {
      server.reset();
      server.enqueue({ kind: 'text', text: 'Nice to meet you, Ada.' }, { kind: 'text', text: 'You told me: Ada.' });
      const env = { OPENAI_BASE_URL: server.openAiUrl, OPENAI_API_KEY: FAKE_KEY };
      const models = ['--llm', 'openai', '--planning-model', 'local-plan', '--coding-model', 'local-code'];
      const first = chat(models, env);
      await first.pane.waitFor(PROMPT, STARTED_WITHIN_MS);
      first.pane.type('My name is Ada.');
      await first.pane.waitFor(/^Nice to meet you, Ada\.$/m, TURN_WITHIN_MS);
      first.pane.key('C-d');
      await first.pane.waitForExit(EXIT_WITHIN_MS);
      // Ctrl-D ended the prompt's line: what follows starts a line of its own.
      expect(first.pane.screen()).toMatch(/^you>\nevent log: \S+\.jsonl$/m);
      const id = /^resume with: .*engram\.js chat --resume (\d{8}_\d{6}_[0-9a-f]{4})/m.exec(first.pane.screen())?.[1];
      expect(id).toMatch(/^\d{8}_\d{6}_[0-9a-f]{4}$/);

      const again = new TmuxPane(mkdtempSync(join(tmpdir(), 'engram-chat-resume-')), [process.execPath, BIN, 'chat', '--home', first.home, '--project', first.project, '--resume', id as string, ...models], {
        cwd: first.project,
        env: { PATH: process.env['PATH'] ?? '', HOME: first.home, TERM: 'xterm-256color', ENGRAM_SERVE: '0', ...env },
      });
      panes.push(again);
      await again.waitFor(new RegExp(`session ${id as string} \\(resumed\\)`), STARTED_WITHIN_MS);
      await again.waitFor(PROMPT, STARTED_WITHIN_MS);
      again.type('What is my name?');
      await again.waitFor(/^You told me: Ada\.$/m, TURN_WITHIN_MS);
      again.type('/exit');
      await again.waitForExit(EXIT_WITHIN_MS);
      const turns = server.requests.filter((r) => r.api === 'openai' && r.body['model'] === 'local-plan');
      expect(turns).toHaveLength(2);
      expect(JSON.stringify(turns[1]?.body['messages'])).toContain('Nice to meet you, Ada.');
      // One log, both turns, and it still replays.
      const log = eventLogOf(first.project);
      expect(readLogFile(log).events.filter((e) => e.type === 'executive.turn.completed')).toHaveLength(2);
      expect(runCli(['replay', log, '--check']).status).toBe(0);
    }, 120_000);

    it('refuses --resume of a session that has no log (exit 2, naming the file)', () => {
      const r = runCli(['chat', '--llm', 'openai', '--planning-model', 'p', '--coding-model', 'c', '--resume', '20990101_000000_abcd', '--home', join(tmpdir(), 'no-home'), '--project', join(tmpdir(), 'no-project')], {
        OPENAI_BASE_URL: server.openAiUrl,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/no session 20990101_000000_abcd to resume: .*20990101_000000_abcd\.jsonl does not exist/);
    });
  });
});
