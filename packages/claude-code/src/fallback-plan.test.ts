import type { AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import type { FallbackChainConfig } from './fallback-config.js';
import { chainFor, openRun, postCallFallback, preCallFallback, stepOf } from './fallback-plan.js';

const chain: FallbackChainConfig = {
  tool: 'Read',
  target: '*.cbl',
  steps: [
    { name: 'utf-8', patch: {} },
    { name: 'latin-1', patch: { encoding: 'latin-1' } },
    { name: 'ebcdic', patch: { encoding: 'cp037' } },
  ],
};
const PAY = '/p/legacy/PAYROLL.cbl';
const DECODE = "'utf-8' codec can't decode byte 0xdc";

/** A call of Read and its result, as the log holds them. */
const call = (id: string, input: object, ok: boolean, error = ''): Parameters<typeof buildStream>[0] => [
  ['executive.tool.called', { toolUseId: id, name: 'Read', input }],
  ['executive.tool.resulted', { toolUseId: id, name: 'Read', ok, error }],
];

const log = (...steps: Parameters<typeof buildStream>[0][]): AnyEnvelope[] => buildStream([['executive.turn.started'], ...steps.flat()]);

describe('fallback chains through hooks', () => {
  it('applies a chain to its tool and kind of target only', () => {
    expect(chainFor([chain], 'Read', { file_path: PAY })).toBe(chain);
    expect(chainFor([chain], 'Read', { file_path: '/p/LEDGER.CBL' })).toBe(chain);
    expect(chainFor([chain], 'Read', { file_path: '/p/notes.md' })).toBeNull();
    expect(chainFor([chain], 'Write', { file_path: PAY })).toBeNull();
    expect(chainFor([{ ...chain, target: null }], 'Read', {})).not.toBeNull();
  });

  it('knows a step by the patch its input carries, the most specific one first', () => {
    expect(stepOf(chain, { file_path: PAY })?.name).toBe('utf-8');
    expect(stepOf(chain, { file_path: PAY, encoding: 'latin-1' })?.name).toBe('latin-1');
    expect(stepOf({ ...chain, steps: chain.steps.slice(1) }, { file_path: PAY })).toBeNull();
  });

  it('after a failure, tells the next untried step with the exact input, without the failed step patch', () => {
    const first = postCallFallback(chain, { file_path: PAY }, { ok: false, error: DECODE }, log());
    expect(first?.resolved).toBeNull();
    expect(first?.advice).toContain(`step "latin-1" next: retry the same call with exactly this input: {"file_path":"${PAY}","encoding":"latin-1"}`);
    const second = postCallFallback(chain, { file_path: PAY, encoding: 'latin-1' }, { ok: false, error: 'garbled' }, log(call('r1', { file_path: PAY }, false, DECODE)));
    expect(second?.advice).toContain(`{"file_path":"${PAY}","encoding":"cp037"}`);
  });

  it('records the run when a step works after failures, and when every step failed', () => {
    const worked = postCallFallback(chain, { file_path: PAY, encoding: 'latin-1' }, { ok: true, error: '' }, log(call('r1', { file_path: PAY }, false, DECODE)));
    expect(worked?.resolved).toEqual({ tool: 'Read', target: PAY, worked: 'latin-1', attempts: [{ step: 'utf-8', ok: false, error: DECODE }, { step: 'latin-1', ok: true, error: '' }] });
    expect(postCallFallback(chain, { file_path: PAY }, { ok: true, error: '' }, log())).toBeNull(); // the first try worked: nothing to record
    const none = postCallFallback(chain, { file_path: PAY, encoding: 'cp037' }, { ok: false, error: 'x' }, log(call('r1', { file_path: PAY }, false, 'a'), call('r2', { file_path: PAY, encoding: 'latin-1' }, false, 'b')));
    expect(none?.resolved).toMatchObject({ worked: null, attempts: [{ step: 'utf-8' }, { step: 'latin-1' }, { step: 'ebcdic' }] });
    expect(none?.advice).toMatch(/every step of the Read fallback chain failed/);
  });

  it('starts a run again after a success, a recorded resolution or a new turn, and keeps targets apart', () => {
    const events = log(call('r1', { file_path: PAY }, false, DECODE), call('r2', { file_path: '/p/OTHER.cbl' }, false, DECODE));
    expect(openRun(chain, PAY, events).map((a) => a.step)).toEqual(['utf-8']);
    expect(openRun(chain, PAY, [...events, ...log()])).toEqual([]);
    expect(openRun(chain, PAY, [...events, ...buildStream(call('r3', { file_path: PAY }, true))])).toEqual([]);
    expect(openRun(chain, PAY, [...events, ...buildStream([['executive.fallback.resolved', { tool: 'Read', target: PAY, attempts: [], worked: null }]])])).toEqual([]);
  });

  it('before a call, uses the step that worked on this kind of target unless the model chose a step itself', () => {
    const resolved = buildStream([['executive.fallback.resolved', { tool: 'Read', target: PAY, attempts: [], worked: 'latin-1' }]]);
    expect(preCallFallback(chain, { file_path: '/p/b/LEDGER.cbl', limit: 10 }, resolved)).toEqual({ step: chain.steps[1], input: { file_path: '/p/b/LEDGER.cbl', limit: 10, encoding: 'latin-1' } });
    expect(preCallFallback(chain, { file_path: '/p/b/LEDGER.cbl', encoding: 'cp037' }, resolved)).toBeNull();
    expect(preCallFallback(chain, { file_path: '/p/b/notes.txt' }, resolved)).toBeNull();
    expect(preCallFallback(chain, { file_path: '/p/b/LEDGER.cbl' }, [])).toBeNull();
  });
});
