import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../support/ts-child.js';
import { parseSkillStats } from './skills-api.js';

const crediter = join(import.meta.dirname, 'skill-crediter.ts');
const root = join(mkdtempSync(join(tmpdir(), 'engram-skill-procs-')), 'skills');
cpSync(join(import.meta.dirname, '../fixtures/anton-home/.anton/skills'), root, { recursive: true });
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

const PROCESSES = 4;
const PER_PROCESS = 50;

const run = (args: string[]): Promise<void> => runTs(crediter, args);

describe('recall credits from several processes (anton.md §15.16)', () => {
  it(`${PROCESSES} processes x ${PER_PROCESS} recalls of a renamed skill, by a typo, all counted on the resolved folder`, async () => {
    // 'bar-chrt' is a typo of the listed label 'bar-chart', whose folder is old-plotting.
    await Promise.all(Array.from({ length: PROCESSES }, () => run([root, 'bar-chrt', String(PER_PROCESS)])));
    const stats = parseSkillStats(readFileSync(join(root, 'old-plotting', 'stats.json'), 'utf8'));
    expect(stats.total_recalls).toBe(PROCESSES * PER_PROCESS);
    expect(stats.stage_1.recommended).toBe(PROCESSES * PER_PROCESS);
    // No lock or temp file is left behind.
    expect(readdirSync(join(root, 'old-plotting')).sort()).toEqual(['SKILL.md', 'scripts', 'stats.json']);
  });
});
