import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';

/** A learned never rule, as the memory files hold it (written by hand here, as a user might). */
const RULES = `# Rules

## Always

## Never
- Never call publish for engine='gmail-1': it refuses every record <!-- confidence:high source:consolidation ts:2026-11-01 -->

## When
`;

describe('learned never rules guard tool calls', () => {
  it('warns before a call the rule applies to, records it, and lets unrelated calls through', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-never-'));
    const home = join(root, 'home');
    mkdirSync(join(home, 'memory'), { recursive: true });
    writeFileSync(join(home, 'memory', 'rules.md'), RULES);
    const s = createBrain({ home, project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} }).session();
    s.startTurn('send the weekly digest');
    const input = { engine: 'gmail-1', target: 'digest' };
    const id = s.toolCalled({ name: 'publish', input });
    const { verdict } = await s.preCall(id, 'publish', input);
    expect(verdict.action).toBe('warn');
    expect(verdict.action === 'warn' && verdict.explanation).toContain("Never call publish for engine='gmail-1'");
    const other = s.toolCalled({ name: 'list_files', input: { dir: 'reports' } });
    expect((await s.preCall(other, 'list_files', { dir: 'reports' })).verdict.action).toBe('allow');
    s.endTurn('done');
    await s.close();
    const guarded = readLogFile(s.eventLog).events.filter((e) => e.type === 'executive.tool.guarded');
    expect(guarded.map((e) => e.type === 'executive.tool.guarded' && [e.data.toolUseId, e.data.action, e.data.signature.startsWith('never-rule:')])).toEqual([[id, 'warned', true]]);
  });
});
