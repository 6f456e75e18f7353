import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { engramDrivenExample } from '../../examples/engram-driven.js';
import { hostDrivenExample } from '../../examples/host-driven.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('examples/host-driven.ts', () => {
  it('nudges the host mid-turn and learns at the end of the turn', async () => {
    const r = await hostDrivenExample(mkdtempSync(join(tmpdir(), 'engram-ex-')));
    expect(r.nudges.some((n) => /don't retry/i.test(n))).toBe(true);
    expect(r.lessons.map((l) => l.id)).toContain('acc.repeated-tool-error');
    // The second identical failing call hears the retry warning (nothing changed since the first,
    // issue 24), the breaker warns before the third; the fallback chain's second step decodes it.
    expect(r.verdicts).toEqual(['allow', 'warn', 'warn']);
    expect(r.decoded).toEqual({ value: 'Müller', worked: 'latin-1' });
    expect(readLogFile(r.eventLog).problems).toEqual([]);
  });
});

describe('examples/engram-driven.ts', () => {
  it('runs a whole turn offline: a real cell, then the answer', async () => {
    const r = await engramDrivenExample(mkdtempSync(join(tmpdir(), 'engram-ex-')));
    expect(r).toMatchObject({ answer: 'The answer is 42.', stopReason: 'end_turn', cellOutputs: ['42'] });
    expect(readLogFile(r.eventLog).problems).toEqual([]);
  });
});

describe('@engram/runtime from a plain Node project', () => {
  it('imports the built JavaScript without TypeScript or export conditions', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-plain-'));
    const script = `import('@engram/runtime').then(async ({ createBrain }) => {
      const s = createBrain({ home: ${JSON.stringify(home)}, modes: { memory: 'off', acc: 'passive' } }).session();
      s.startTurn('hi'); s.endTurn('hello'); await s.close(); console.log(s.eventLog);
    })`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readLogFile(r.stdout.trim()).events.map((e) => e.type)).toEqual([
      'executive.session.started',
      'executive.turn.started',
      'executive.turn.completed',
      'executive.session.ended',
    ]);
  });
});
