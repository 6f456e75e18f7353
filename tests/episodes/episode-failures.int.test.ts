// A session goes on when its episodes cannot be written (a full disk, a linked episodes folder),
// and says so: once per kind of failure with how often it happened, never one line per record
// (a full disk fails every record alike), and the file named once.
import { createBrain } from '@engram/runtime';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEpisodesWithUnreadableLine } from '../support/unreadable-episode-line.js';

describe('episode write failures', () => {
  it('are reported once each, with a count, naming the file once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-episode-fail-'));
    const project = join(root, 'project');
    const outside = join(root, 'outside');
    mkdirSync(join(project, '.engram'), { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, join(project, '.engram', 'episodes'));
    const brain = createBrain({ home: join(root, 'home'), project, env: {}, modes: { memory: 'autopilot' } });
    const s = brain.session();
    s.startTurn('summarise the quarterly CSV export');
    s.endTurn('The quarterly export shows north at 1200.');
    s.startTurn('and the south?');
    s.endTurn('South is at 900.');
    await s.settled();
    await s.close();
    const problems = s.problems();
    expect(problems).toHaveLength(1);
    const file = join(project, '.engram', 'episodes', `${s.id}.jsonl`);
    expect(problems[0]).toMatch(/symbolic link.* \(\d+ times\)$/);
    expect(problems[0]?.split(file)).toHaveLength(2);
    expect(readdirSync(outside)).toEqual([]);
  });

  // The recall tool of a session (MCP `recall`, the chat's) answered from the lines it could read
  // and dropped the rest unsaid; `engram recall` prints them as notes. In a session they are problems.
  it('a line the recall tool could not read is one of the session problems, and the answer holds the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-episode-unreadable-'));
    const project = join(root, 'project');
    writeEpisodesWithUnreadableLine(project);
    const brain = createBrain({ home: join(root, 'home'), project, env: {}, modes: { memory: 'autopilot' } });
    const s = brain.session();
    const answer = await s.recall({ query: 'auth deploy' });
    await s.close();
    expect(answer).toContain('the deploy of the auth service went fine');
    expect(s.problems()).toEqual([expect.stringMatching(/^20260301_100000_aaaa\.jsonl:2: not JSON/)]);
  });
});
