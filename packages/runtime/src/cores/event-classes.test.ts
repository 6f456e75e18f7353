import { catalog, eventTypes } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { brainCores } from './brain-cores.js';
import { EVENT_CLASSES, isCheckedEvent, isCheckedType } from './event-classes.js';

describe('EVENT_CLASSES', () => {
  it('classifies every type of the catalog, and nothing else', () => {
    expect(Object.keys(EVENT_CLASSES).sort()).toEqual([...eventTypes].sort());
  });

  it('names, for each derived type, cores of brainCores whose emitter is the type\'s source, and a reason for every input', () => {
    const ids = new Map(brainCores().map((c) => [c.id, c.core.source]));
    for (const t of eventTypes) {
      const c = EVENT_CLASSES[t];
      if (c.kind === 'derived') {
        expect(c.by.length, t).toBeGreaterThan(0);
        for (const id of c.by) expect([t, ids.get(id)]).toEqual([t, catalog[t].emitter]);
        if (c.givenWhen) expect(c.givenWhen.reason.length, t).toBeGreaterThan(20);
      } else expect(c.reason.length, t).toBeGreaterThan(10);
    }
  });

  it('reads the given exceptions of a derived type as inputs, and checks the rest', () => {
    const [never, breaker, memorize, lesson, result] = buildStream([
      ['executive.tool.guarded', { signature: 'never-rule:r1' }],
      ['executive.tool.guarded', { signature: "Refusing to save record for engine='X'" }],
      ['cortex.engram.proposed', { origin: 'memorize' }],
      ['cortex.engram.proposed', { origin: 'acc' }],
      ['executive.tool.resulted'],
    ]);
    expect([never, breaker, memorize, lesson, result].map((e) => e !== undefined && isCheckedEvent(e))).toEqual([false, true, false, true, false]);
    expect(isCheckedType('hippocampus.engram.encoded')).toBe(true);
    expect(isCheckedType('llm.call.completed')).toBe(false);
  });
});
