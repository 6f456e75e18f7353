import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { projectObservations } from './project-observations.js';

describe('projectObservations', () => {
  it('turns tool results into observations with the two previous tools and what was injected', () => {
    const events = buildStream([
      ['executive.session.started'],
      ['executive.tool.resulted', { name: 'Grep', ok: true, durationMs: 5 }],
      ['cortex.context.injected', { items: [{ id: 'rule-1', kind: 'instinct', text: 't', why: 'w' }] }],
      ['executive.tool.resulted', { name: 'Read', ok: false, durationMs: 7 }],
      ['executive.tool.resulted', { name: 'Edit', ok: true, durationMs: 9 }],
    ]);
    const obs = projectObservations(events);
    expect(obs.map((o) => [o.tool, o.ok, o.durationMs, o.prev, o.prev2, o.index])).toEqual([
      ['Grep', true, 5, null, null, 0],
      ['Read', false, 7, 'Grep', null, 1],
      ['Edit', true, 9, 'Read', 'Grep', 2],
    ]);
    expect(obs.map((o) => o.injected)).toEqual([[], ['rule-1'], ['rule-1']]);
    expect(obs[2]?.at).toBe(Date.parse(events[4]?.at ?? ''));
  });

  it('keeps interleaved sessions apart', () => {
    const events = buildStream([
      ['executive.tool.resulted', { name: 'A' }, { sessionId: 's1' }],
      ['executive.tool.resulted', { name: 'B' }, { sessionId: 's2' }],
      ['executive.tool.resulted', { name: 'C' }, { sessionId: 's1' }],
    ]);
    expect(projectObservations(events).map((o) => `${o.sessionId}:${o.prev ?? '-'}>${o.tool}`)).toEqual(['s1:->A', 's2:->B', 's1:A>C']);
  });
});
