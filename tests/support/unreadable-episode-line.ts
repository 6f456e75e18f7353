import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes one session's episodes into `project` (20260301_100000_aaaa.jsonl): a user turn about the auth service's deploy, a
 * line that is not JSON (line 2), and a turn about the billing report. A recall for "auth deploy"
 * answers from the first; the second is a problem to report, never a reason to answer nothing.
 */
export const writeEpisodesWithUnreadableLine = (project: string): void => {
  const dir = join(project, '.engram', 'episodes');
  mkdirSync(dir, { recursive: true });
  const line = (turn: number, content: string) => `${JSON.stringify({ ts: `2026-03-01T10:0${turn}:00.000+00:00`, session: '20260301_100000_aaaa', turn, role: 'user', content, meta: {} })}\n`;
  writeFileSync(join(dir, '20260301_100000_aaaa.jsonl'), `${line(1, 'the deploy of the auth service went fine')}this line is not JSON\n${line(2, 'the billing report is late')}`);
};
