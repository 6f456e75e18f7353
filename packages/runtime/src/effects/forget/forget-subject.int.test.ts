import { engramPaths } from '@engram/fs';
import { systemClock } from '@engram/kernel';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
});
