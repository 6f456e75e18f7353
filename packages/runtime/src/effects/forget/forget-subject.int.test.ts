import { engramPaths } from '@engram/fs';
import { systemClock } from '@engram/kernel';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resumeCheckpointOf } from '@engram/store';
import { createBrain } from '../../create-brain.js';
import { forgetSubject } from './forget-subject.js';

let root = '';
afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

describe('forgetSubject', () => {
  it('lists a linked folder it did not enter among what may still hold the subject, and leaves its target alone', async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-forget-link-'));
    const home = join(root, 'home');
    const project = join(root, 'project');
    const outside = join(root, 'outside-events');
    mkdirSync(join(project, '.engram'), { recursive: true });
    mkdirSync(home, { recursive: true });
    mkdirSync(outside);
    const log = join(outside, '20261124_000000_abcd.jsonl');
    writeFileSync(log, '{"note":"zephyrine"}\n');
    // A cloned repository can carry a linked folder: forget must not follow it, and must not claim the subject is gone.
    const link = join(project, '.engram', 'events');
    symlinkSync(outside, link);
    const report = await forgetSubject(engramPaths({ home, project }, {}), 'zephyrine', { apply: true, clock: systemClock });
    expect(report.remaining).toContain(link);
    expect(report.notSearched).toEqual([link]);
    expect(readFileSync(log, 'utf8')).toBe('{"note":"zephyrine"}\n');
  });

  it("removes sessions' resume checkpoints, which hold their logs' text in V8's format, and keeps them on a dry run", async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-forget-checkpoint-'));
    const paths = engramPaths({ home: join(root, 'home'), project: join(root, 'project') }, {});
    const brain = createBrain({ home: paths.home, project: paths.project, modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    const s = brain.session();
    s.startTurn('deploy to zephyrine ✓');
    s.endTurn('done');
    await s.suspend();
    const checkpoint = resumeCheckpointOf(s.eventLog);
    expect(existsSync(checkpoint)).toBe(true);
    await forgetSubject(paths, 'zephyrine', { apply: false, clock: systemClock });
    expect(existsSync(checkpoint)).toBe(true);
    const report = await forgetSubject(paths, 'zephyrine', { apply: true, clock: systemClock });
    expect(existsSync(checkpoint)).toBe(false);
    expect(report.remaining).toEqual([]);
    expect(readFileSync(s.eventLog, 'utf8')).not.toContain('zephyrine');
  });
});
