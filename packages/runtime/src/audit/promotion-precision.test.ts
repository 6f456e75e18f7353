import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { promotionPrecision } from './promotion-precision.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A session calling tools in order (all succeeding), starting on `day`. */
const session = (id: string, day: number, tools: readonly string[]) =>
  buildStream(
    tools.flatMap((name, i) => [
      ['executive.tool.called', { toolUseId: `${id}-${i}`, name }, { at: iso(T0 + day * DAY + i * 2000) }] as const,
      ['executive.tool.resulted', { toolUseId: `${id}-${i}`, name, ok: true, error: '' }, { at: iso(T0 + day * DAY + i * 2000 + 1000) }] as const,
    ]),
    { sessionId: id },
  );

const promoted = (day: number, tools: readonly string[]) =>
  buildStream([['basal-ganglia.instinct.promoted', { instinctId: `basal-ganglia.chain.${tools.join('>')}`, pattern: { kind: 'chain', tools: [...tools] } }, { at: iso(T0 + day * DAY) }]], {
    sessionId: `lifecycle-${day}`,
  });

describe('promotionPrecision', () => {
  it('counts a promotion as precise when its pattern occurs in a session that started after it', () => {
    const logs = [
      session('s1', 0, ['Grep', 'Read', 'Edit']),
      session('s2', 1, ['Bash', 'Read', 'Edit']),
      promoted(2, ['Grep', 'Read', 'Edit']),
      promoted(2, ['Bash', 'Read', 'Edit']),
      session('s3', 3, ['Grep', 'Read', 'Edit']),
    ];
    expect(promotionPrecision(logs)).toEqual({ promoted: 2, judged: 2, recurred: 1, rate: 0.5 });
  });

  it('does not judge a promotion with no later session, and occurrences before it do not count', () => {
    const logs = [session('s1', 0, ['Grep', 'Read', 'Edit']), promoted(5, ['Grep', 'Read', 'Edit'])];
    expect(promotionPrecision(logs)).toEqual({ promoted: 1, judged: 0, recurred: 0, rate: null });
  });

  it('counts each instinct once even when promoted again', () => {
    const logs = [promoted(1, ['A', 'B', 'C']), promoted(2, ['A', 'B', 'C']), session('s9', 3, ['A', 'B', 'C'])];
    expect(promotionPrecision(logs)).toEqual({ promoted: 1, judged: 1, recurred: 1, rate: 1 });
  });
});
