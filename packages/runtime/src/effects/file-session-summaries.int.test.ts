import { buildStream } from '@engram/events/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSessionSummaries } from './file-session-summaries.js';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const log = (dir: string, session: string, n: number, tail = '') => {
  mkdirSync(dir, { recursive: true });
  const events = buildStream(Array.from({ length: n }, () => ['executive.turn.started'] as const), { sessionId: session });
  writeFileSync(join(dir, `${session}.jsonl`), `${events.map((e) => JSON.stringify(e)).join('\n')}\n${tail}`);
  return events;
};

describe('fileSessionSummaries', () => {
  it('sums up every log of both folders in session order, skipping and reporting a bad line', () => {
    root = mkdtempSync(join(tmpdir(), 'engram-session-summaries-'));
    const project = join(root, 'project');
    const home = join(root, 'home');
    const b = log(project, '20261124_111500_bb22', 3, '{"not an event": true}\n');
    const a = log(home, '20261124_101500_aa11', 2);
    const r = fileSessionSummaries([project, home, join(root, 'missing')]);
    expect(r.sessions).toEqual([
      { sessionId: '20261124_101500_aa11', events: 2, lastSeq: 2, firstAt: a[0]!.at, lastAt: a[1]!.at, location: join(home, '20261124_101500_aa11.jsonl') },
      { sessionId: '20261124_111500_bb22', events: 3, lastSeq: 3, firstAt: b[0]!.at, lastAt: b[2]!.at, location: join(project, '20261124_111500_bb22.jsonl') },
    ]);
    // One problem per field of the bad line, each naming the file and line.
    expect(r.problems.length).toBeGreaterThan(0);
    for (const p of r.problems) expect(p).toMatch(new RegExp(`^${join(project, '20261124_111500_bb22.jsonl')}:4: `));
  });
});
