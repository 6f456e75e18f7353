import { draft, type AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import type { RegionCore } from '../region-core.js';
import { coreSpec } from './core-spec.js';

/** A core that counts failed tool results and reports the count at each turn end. */
const counter: RegionCore<number, { every: number }> = {
  id: 'counter',
  source: 'acc',
  initialState: () => 0,
  evolve: (n, e) => (e.type === 'executive.tool.resulted' && !e.data.ok ? n + 1 : n),
  react: (n, e, p) => (e.type === 'executive.turn.completed' && n > 0 && n % p.every === 0 ? [draft('acc.nudge.emitted', { lessonId: `count-${n}`, detector: 'count', rule: 'count failures', text: `${n} failures` })] : []),
};

const fail = ['executive.tool.resulted', { ok: false, error: 'boom' }] as const;
const log: AnyEnvelope[] = buildStream([fail, fail, ['executive.turn.completed']]);

describe('coreSpec', () => {
  it('folds history without reacting, then reacts to what happens next', () => {
    const spec = coreSpec(counter, { every: 2 });
    const out = spec.given(log.slice(0, 2)).when(log.slice(2)).then([{ type: 'acc.nudge.emitted', data: { lessonId: 'count-2' } }]);
    expect(out.state).toBe(2);
    expect(out.published[0]?.causationId).toBe(log[2]?.id);
    spec.given(log).when([]).thenNothing();
  });

  it('fails with both lists when the published drafts differ', () => {
    const spec = coreSpec(counter, { every: 2 });
    expect(() => spec.when(log).then([{ type: 'acc.nudge.emitted', data: { lessonId: 'count-3' } }])).toThrow(/published\n {2}acc.nudge.emitted .*count-2.*\nbut the spec expected\n {2}acc.nudge.emitted .*count-3/);
    expect(() => spec.when(log).thenNothing()).toThrow(/expected\n {2}\(nothing\)/);
    expect(() => coreSpec(counter, { every: 3 }).when(log).then([{ type: 'acc.nudge.emitted' }])).toThrow(/published\n {2}\(nothing\)/);
  });
});
