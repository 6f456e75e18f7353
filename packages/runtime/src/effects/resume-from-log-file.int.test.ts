// Why this exists: the resume checkpoint is a cache of the log, so it may be used only while the
// log still starts with the bytes it was made from, and a damaged or planted one must cost nothing
// but speed (docs/cli-startup.md, "A long session").
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resumeCheckpointOf } from '@engram/store';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrain } from '../create-brain.js';
import { resumeSession } from '../resume-session.js';

let root = '';
afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

/** A session of one turn with a failed call, suspended: its log and its checkpoint. */
const suspended = async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-checkpoint-'));
  const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
  const s = brain.session({ sessionId: '20260101_120000_abcd' });
  s.startTurn('publish the report');
  const id = s.toolCalled({ name: 'publish', input: { path: 'report.csv' } });
  s.toolResulted({ id, name: 'publish', ok: false, error: 'publish refused' });
  await s.suspend();
  return { brain, log: s.eventLog, checkpoint: resumeCheckpointOf(s.eventLog) };
};

describe('resuming from the checkpoint beside a log', () => {
  it('uses it while the log starts with the bytes it was made from, and folds the log once they changed', async () => {
    const { brain, log } = await suspended();
    expect(resumeSession(brain.paths, '20260101_120000_abcd')?.checkpoint?.upTo).toBe(resumeSession(brain.paths, '20260101_120000_abcd')?.events.length);
    // Appended to: still used, the new line folded after it.
    const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l !== '');
    const last = JSON.parse(lines.at(-1) ?? '{}') as { seq: number };
    writeFileSync(log, `${lines.join('\n')}\n${JSON.stringify({ ...JSON.parse(lines.at(-1) ?? '{}'), seq: last.seq + 1, id: 'appended' })}\n`);
    const grown = resumeSession(brain.paths, '20260101_120000_abcd');
    expect(grown?.checkpoint).toBeDefined();
    expect(grown?.events.at(-1)?.id).toBe('appended');
    // Its start rewritten (as `engram memory forget` does): the checkpoint is not used, the log is read whole.
    writeFileSync(log, readFileSync(log, 'utf8').replace('publish the report', 'publish the [forgotten]'));
    const rewritten = resumeSession(brain.paths, '20260101_120000_abcd');
    expect(rewritten?.checkpoint).toBeUndefined();
    expect(JSON.stringify(rewritten?.events)).toContain('publish the [forgotten]');
    expect(JSON.stringify(rewritten?.events)).not.toContain('publish the report');
  });

  it('ignores a damaged checkpoint, and the next suspend replaces it', async () => {
    const { brain, checkpoint } = await suspended();
    writeFileSync(checkpoint, 'not a checkpoint');
    const state = resumeSession(brain.paths, '20260101_120000_abcd');
    expect(state?.checkpoint).toBeUndefined();
    const s = brain.session({ sessionId: '20260101_120000_abcd', resume: state ?? false });
    s.endTurn('done');
    await s.suspend();
    expect(resumeSession(brain.paths, '20260101_120000_abcd')?.checkpoint).toBeDefined();
  });

  it('never reads, writes or removes through a link planted at the checkpoint', async () => {
    const { brain, checkpoint } = await suspended();
    const elsewhere = join(root, 'elsewhere');
    rmSync(checkpoint);
    writeFileSync(elsewhere, readFileSync(join(root, 'project', '.engram', 'events', '20260101_120000_abcd.jsonl')));
    symlinkSync(elsewhere, checkpoint);
    const before = readFileSync(elsewhere);
    const state = resumeSession(brain.paths, '20260101_120000_abcd');
    expect(state?.checkpoint).toBeUndefined();
    const s = brain.session({ sessionId: '20260101_120000_abcd', resume: state ?? false });
    s.endTurn('done');
    await s.suspend();
    expect(lstatSync(checkpoint).isSymbolicLink()).toBe(true);
    expect(readFileSync(elsewhere).equals(before)).toBe(true);
    await brain.session({ sessionId: '20260101_120000_abcd', resume: true }).close();
    expect(existsSync(elsewhere)).toBe(true);
  });
});
