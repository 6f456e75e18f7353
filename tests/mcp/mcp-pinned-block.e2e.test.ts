/**
 * Issue 25 item 3, as an MCP host meets it: a conversation's memory block keeps its first bytes
 * (the profile and the always/never rules) while memory grows, so a prompt cache keeps hitting;
 * what is written during the conversation follows them; a rule a person removes leaves the block
 * at once; the saved skills come ranked against the message. The official MCP client drives a
 * real `engram mcp` process, and `engram replay --check` re-derives every block from the log.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { connectStdio } from './mcp-clients.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const context = async (client: Client, message: string): Promise<string> => {
  const r = await client.callTool({ name: 'memory_context', arguments: { message } });
  expect(r.isError).not.toBe(true);
  return (r.structuredContent as { context: string }).context;
};

const memorize = async (client: Client, text: string, kind: string): Promise<void> => {
  const r = await client.callTool({ name: 'memorize', arguments: { text, kind, scope: 'project' } });
  expect(r.structuredContent).toMatchObject({ entries: [{ outcome: 'added' }] });
};

const skill = (home: string, label: string, description: string): void => {
  const dir = join(home, 'skills', label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${label}\ndescription: ${description}\n---\n1. do it\n`);
};

describe('the memory block of an MCP conversation', () => {
  it('keeps its prefix while rules are added, drops a removed rule, ranks skills by the message, and replays', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-pin-'));
    dirs.push(root);
    const home = join(root, 'home');
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    skill(home, 'changelog-entry', 'Formats a changelog entry for a release');
    skill(home, 'flaky-bisect', 'Bisects a flaky test run to the commit that broke it');
    const connected = await connectStdio(home, project);
    const { client } = connected;
    try {
      await memorize(client, 'Always run the linter before committing', 'always');
      const first = await context(client, 'the test run is flaky again');
      const notes = first.slice(0, first.indexOf('\n</remembered-notes>'));
      expect(notes).toContain('Always run the linter before committing');
      // The skill the message is about comes first, with its description; the other follows.
      expect(first.indexOf('`flaky-bisect` — Bisects')).toBeGreaterThan(first.indexOf('</remembered-notes>'));
      expect(first.indexOf('`flaky-bisect`')).toBeLessThan(first.indexOf('`changelog-entry`'));

      // An always-rule, newer, would come first in an unpinned block and change its first bytes.
      await memorize(client, 'Always ask for a review before pushing to main', 'always');
      const second = await context(client, 'write the changelog entry');
      expect(second.startsWith(notes)).toBe(true);
      expect(second).toContain('## Your Memory \u2014 Project Rules Added in This Conversation');
      expect(second.indexOf('Always ask for a review before pushing to main')).toBeGreaterThan(notes.length);
      expect(second.indexOf('`changelog-entry`')).toBeLessThan(second.indexOf('`flaky-bisect`'));

      // A person removes the first rule from the file: the next block no longer shows it.
      const rules = join(project, '.engram', 'memory', 'rules.md');
      writeFileSync(rules, readFileSync(rules, 'utf8').split('\n').filter((l) => !l.includes('Always run the linter')).join('\n'));
      const third = await context(client, 'anything');
      expect(third).not.toContain('Always run the linter');
      expect(third).toContain('Always ask for a review before pushing to main');
      expect(third).not.toContain('Added in This Conversation');
    } finally {
      await connected.close();
    }
    const events = join(project, '.engram', 'events');
    const logs = readdirSync(events).filter((f) => f.endsWith('.jsonl')).map((f) => join(events, f));
    expect(logs).toHaveLength(1);
    const log = readFileSync(logs[0] ?? '', 'utf8');
    expect(log.match(/"type":"cortex\.context\.read"/g)).toHaveLength(3);
    const check = runCli(['replay', ...logs, '--check']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
