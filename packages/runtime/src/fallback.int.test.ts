import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';
import type { FallbackStep } from './fallback-chain.js';

/** Real decoders over real files: UTF-8 refuses Latin-1 bytes, the detected charset and Latin-1 accept them. */
const decodeWith =
  (encoding: string, fatal: boolean): FallbackStep<{ path: string }, string>['run'] =>
  ({ path }) =>
    new TextDecoder(encoding, { fatal }).decode(readFileSync(path));

const readChain: FallbackStep<{ path: string }, string>[] = [
  { name: 'utf-8', run: decodeWith('utf-8', true) },
  { name: 'latin-1', run: decodeWith('latin1', false) },
];

const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-fallback-'));
  const project = join(root, 'project');
  mkdirSync(join(project, 'legacy'), { recursive: true });
  // "MÜLLER" in Latin-1: 0xDC is not valid UTF-8 on its own.
  for (const name of ['PAYROLL.cbl', 'LEDGER.cbl']) writeFileSync(join(project, 'legacy', name), Buffer.from([0x4d, 0xdc, 0x4c, 0x4c, 0x45, 0x52]));
  const brain = createBrain({ home: join(root, 'home'), project, modes: { memory: 'autopilot', acc: 'active' }, env: {} });
  return { project, brain };
};

describe('fallback chains through the runtime', () => {
  it('runs the chain on real files, records the step that worked, and starts there on the next file of that kind', async () => {
    const { project, brain } = setUp();
    const s = brain.session();
    s.registerFallback('read_file', readChain);
    s.startTurn('summarise the payroll program');
    const first = await s.runFallback<{ path: string }, string>('read_file', { path: join(project, 'legacy', 'PAYROLL.cbl') });
    expect(first.ok && first.value).toBe('MÜLLER');
    expect(first.attempts.map((a) => [a.step, a.ok])).toEqual([
      ['utf-8', false],
      ['latin-1', true],
    ]);
    const second = await s.runFallback<{ path: string }, string>('read_file', { path: join(project, 'legacy', 'LEDGER.cbl') });
    expect(second.attempts.map((a) => a.step)).toEqual(['latin-1']);
    s.endRound();
    s.endTurn('done');
    await s.close();

    const events = readLogFile(s.eventLog).events;
    const resolved = events.filter((e) => e.type === 'executive.fallback.resolved');
    expect(resolved.map((e) => e.type === 'executive.fallback.resolved' && [e.data.target?.endsWith('PAYROLL.cbl'), e.data.worked, e.data.attempts.length])).toEqual([
      [true, 'latin-1', 2],
      [false, 'latin-1', 1],
    ]);
    // Each chain is one tool call with one result, so the ACC and the breaker see one call.
    expect(events.filter((e) => e.type === 'executive.tool.called')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'executive.tool.resulted').map((e) => e.type === 'executive.tool.resulted' && e.data.ok)).toEqual([true, true]);
  });

  it('counts a chain where every step fails as one failed call, so the circuit breaker blocks the fourth', async () => {
    const { project, brain } = setUp();
    const s = brain.session();
    s.registerFallback('read_file', [readChain[0] as FallbackStep<{ path: string }, string>, { name: 'utf-16', run: decodeWith('utf-16le', true) }]);
    s.startTurn('read it');
    const path = join(project, 'legacy', 'PAYROLL.cbl');
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await s.runFallback('read_file', { path }));
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, false]);
    expect(outcomes.map((o) => o.attempts.length)).toEqual([2, 2, 2, 0]);
    expect(outcomes[3]?.ok === false && outcomes[3].error).toMatch(/^this exact read_file call failed 3 times this turn/);
    s.endRound();
    s.endTurn('could not read it');
    await s.close();
    const guarded = readLogFile(s.eventLog).events.filter((e) => e.type === 'executive.tool.guarded');
    expect(guarded.map((e) => e.type === 'executive.tool.guarded' && e.data.action)).toEqual(['warned', 'blocked']);
  });

  it('refuses a chain without steps, with repeated names, or that was never registered', async () => {
    const { brain } = setUp();
    const s = brain.session();
    expect(() => s.registerFallback('x', [])).toThrow(/no steps/);
    expect(() => s.registerFallback('x', [readChain[0] as FallbackStep, readChain[0] as FallbackStep])).toThrow(/repeats a step name/);
    s.startTurn('t');
    await expect(s.runFallback('x', {})).rejects.toThrow(/no fallback chain is registered for x/);
    await s.close();
  });
});
