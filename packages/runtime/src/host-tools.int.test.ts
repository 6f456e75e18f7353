import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';

const roots = () => ({ home: mkdtempSync(join(tmpdir(), 'engram-host-tools-home-')), project: mkdtempSync(join(tmpdir(), 'engram-host-tools-project-')) });

describe("the memory tools of a host that runs its own (session.memorize / recall / recallSkill)", () => {
  it('memorize writes each entry once, says what happened to it, and records one proposal and one answer', async () => {
    const brain = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' } });
    const s = brain.session();
    const report = await s.memorize({ entries: [{ text: 'Always check the path exists', kind: 'always', scope: 'project' }, { text: '  ' }] });
    expect(report).toEqual({ ok: true, entries: [{ text: 'Always check the path exists', kind: 'always', outcome: 'added', reason: null }, { text: '', kind: 'lesson', outcome: 'refused', reason: 'empty text' }] });
    const again = await s.memorize({ entries: [{ text: 'Always check the path exists', kind: 'always', scope: 'project' }] });
    expect(again.ok && again.entries[0]?.outcome).toBe('duplicate');
    expect(await s.memorize({ entries: 'no' })).toMatchObject({ ok: false, message: expect.stringContaining('entries') as unknown });
    await s.close();
    const events = readLogFile(s.eventLog).events;
    expect(events.filter((e) => e.type === 'hippocampus.engram.encoded').map((e) => (e.type === 'hippocampus.engram.encoded' ? e.data.outcome : ''))).toEqual(['added', 'duplicate']);
    expect(events.filter((e) => e.type === 'cortex.engram.proposed')).toHaveLength(2);
    const rules = readFileSync(join(brain.paths.projectMemoryDir ?? '', 'rules.md'), 'utf8');
    expect(rules.split('Always check the path exists')).toHaveLength(2);
  });

  it('recall and recallSkill answer in text, a bad input as an ERROR text, never an exception', async () => {
    const s = createBrain(roots()).session();
    expect(await s.recall({ query: 'csv' })).toBe("No episodes found matching 'csv'.");
    expect(await s.recall({ query: 'csv', max_results: -1 })).toMatch(/^ERROR: max_results/);
    expect(await s.recallSkill({ label: 'csv-summary' })).toMatch(/^NO MATCH/);
    expect(await s.recallSkill({ label: '../x' })).toMatch(/^ERROR:/);
    await s.close();
    await expect(s.recall({ query: 'csv' })).rejects.toThrow(/closed/);
  });
});
