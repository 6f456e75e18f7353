// `engram chat` driven through pipes, as a script drives it: plain text out, copilot answered from
// the next lines, and a reader that goes away mid-chat.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../cli/run-cli.js';
import { openChat } from './open-chat.js';

/** Node's start-up, the CLI's imports, one turn with a real Python cell and leaving, on a loaded 2-core machine. */
const CHAT_WITHIN_MS = 60_000;

const cassette = (path: string) => `scripted:${join(ROOT, path)}`;
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const folders = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-chat-pipe-'));
  roots.push(root);
  return { home: join(root, 'home'), project: join(root, 'project') };
};
const env = () => ({ PATH: process.env['PATH'] ?? '', HOME: tmpdir(), ENGRAM_SERVE: '0' });

const eventLogOf = (project: string): string => {
  const dir = join(project, '.engram', 'events');
  const logs = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(logs).toHaveLength(1);
  return join(dir, logs[0] as string);
};

describe('engram chat through pipes', () => {
  it('answers copilot from the next lines (a number not shown and a word are asked again), with no escape code in the output', () => {
    const { home, project } = folders();
    const r = spawnSync(process.execPath, [BIN, 'chat', '--mode', 'copilot', '--home', home, '--project', project, '--llm', cassette('tests/fixtures/chat/copilot-two-lessons.cassette.json')], {
      input: 'Load missing.csv\n9\nmaybe\n1\n/forget price $5 `id`\n/exit\n',
      encoding: 'utf8',
      env: env(),
      timeout: CHAT_WITHIN_MS,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stdout).toMatch(/^Save to memory\? \(y\/n\/pick numbers\) 9\n9 is not shown: pick numbers from 1 to 2$/m);
    expect(r.stdout).toMatch(/^Save to memory\? \(y\/n\/pick numbers\) maybe\nanswer y, n, or numbers from 1 to 2 \(not "maybe"\)$/m);
    expect(r.stdout).toMatch(/^saved 1, rejected 1$/m);
    // The command to run after the chat forgets this subject in this chat's memory, whatever the shell makes of `$` and backquotes.
    const hint = /^to forget it, leave the chat and run: .*engram\.js memory forget (.*)$/m.exec(r.stdout)?.[1];
    expect(hint).toBe(`--yes --home ${home} --project ${project} -- 'price $5 \`id\`'`);
    expect(runCli(['replay', eventLogOf(project), '--check']).status).toBe(0);
  }, CHAT_WITHIN_MS);

  it('exits 1 when a scripted turn failed and 3 when the model could not be reached, answering the lines after it', () => {
    const chat = (input: string) => {
      const { home, project } = folders();
      const r = spawnSync(process.execPath, [BIN, 'chat', '--home', home, '--project', project, '--llm', cassette('tests/fixtures/chat/failed-turns.cassette.json')], { input, encoding: 'utf8', env: env(), timeout: CHAT_WITHIN_MS });
      return { ...r, log: eventLogOf(project) };
    };
    const refused = chat('one\ntwo\n/exit\n');
    expect(refused.stdout).toMatch(/^the turn failed: bad_request: the request was refused \(400\)$/m);
    expect(refused.status, refused.stderr).toBe(1);
    const unreachable = chat('one\ntwo\nthree\nfour\n');
    expect(unreachable.stdout).toMatch(/^the turn failed: auth: /m);
    expect(unreachable.stdout).toMatch(/^Fourth answer\.$/m);
    expect(unreachable.status, unreachable.stderr).toBe(3);
    expect(runCli(['replay', unreachable.log, '--check']).status).toBe(0);
  }, 2 * CHAT_WITHIN_MS);

  it('shows the escape codes of an answer instead of sending them to the terminal (the model\'s text is data)', () => {
    const { home, project } = folders();
    const r = spawnSync(process.execPath, [BIN, 'chat', '--home', home, '--project', project, '--llm', cassette('tests/fixtures/chat/escape-codes.cassette.json')], {
      input: 'Show me\n/exit\n',
      encoding: 'utf8',
      env: env(),
      timeout: CHAT_WITHIN_MS,
    });
    expect(r.status, r.stderr).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(r.stdout).toMatch(/^Here it is\.␛\[2J␛\]0;pwned␇␛\]52;c;cm0gLXJmIH4=␇␍all fine$/m);
  }, CHAT_WITHIN_MS);

  it('leaves cleanly, the session stored, when the reader of its output goes away (| head, a | tee that Ctrl-C ended)', async () => {
    const { home, project } = folders();
    const child = spawn(process.execPath, [BIN, 'chat', '--home', home, '--project', project, '--llm', cassette('tests/fixtures/run/answer-42.cassette.json')], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The banner is out: the reader closes its end, then the person asks something.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    child.stdin.write('What is 6 times 7?\n');
    const killer = setTimeout(() => child.kill('SIGKILL'), CHAT_WITHIN_MS - 5_000);
    const code = await exited;
    clearTimeout(killer);
    expect(stderr).not.toContain('Unhandled');
    expect(stderr).toMatch(/the output was closed \(EPIPE\): leaving/);
    expect(stderr).toMatch(/^resume with: .*engram\.js chat --resume \d{8}_\d{6}_[0-9a-f]{4} --home /m);
    expect(code).toBe(0);
    expect(runCli(['replay', eventLogOf(project), '--check']).status).toBe(0);
  }, CHAT_WITHIN_MS);

  it('refuses to --resume a session another chat still has open (both would number the same turn), and resumes it once that one left', async () => {
    const { home, project } = folders();
    const args = ['--home', home, '--project', project, '--llm', cassette('tests/fixtures/run/answer-42.cassette.json')];
    // One turn answered: the log exists, and the chat waits for the next line.
    const open = await openChat(args, env(), 'What is 6 times 7?', 'The answer is 42.');
    const id = open.sessionId;
    const resume = () => spawnSync(process.execPath, [BIN, 'chat', ...args, '--resume', id], { input: 'What is 6 times 7?\n', encoding: 'utf8', env: env(), timeout: CHAT_WITHIN_MS });

    const refused = resume();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`session ${id} is open in another engram chat`);
    open.child.stdin.end();
    expect(await open.exited).toBe(0);

    const carried = resume();
    expect(carried.status, carried.stderr).toBe(0);
    expect(carried.stdout).toContain('(resumed)');
    const turns = readLogFile(eventLogOf(project)).events.filter((e) => e.type === 'executive.turn.started').map((e) => e.turn);
    expect(turns).toEqual([1, 2]);
    expect(runCli(['replay', eventLogOf(project), '--check']).status).toBe(0);
  }, CHAT_WITHIN_MS);
});
