import fc from 'fast-check';
import type { AnyEnvelope } from '@engram/events';
import { arbitraryAnyEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { createBus } from './create-bus.js';

describe('bus properties', () => {
  it('seq is strictly increasing and delivery order equals publish order, whatever subscribers publish in reaction', () => {
    fc.assert(
      fc.property(fc.array(arbitraryAnyEvent, { maxLength: 30 }), fc.array(fc.nat({ max: 29 }), { maxLength: 5 }), (events, reactAt) => {
        const bus = createBus({ sessionId: 's', validate: true });
        const delivered: AnyEnvelope[] = [];
        const published: number[] = [];
        const reactSet = new Set(reactAt);
        let n = 0;
        bus.subscribe('reactor', (e) => {
          if (e.type !== 'executive.cap.exhausted' && reactSet.has(n++)) published.push(bus.publish('executive.cap.exhausted', { cap: 1 }).seq);
        });
        bus.subscribe('collector', (e) => delivered.push(e));
        for (const e of events) published.push(bus.publish(e.type, e.data).seq);
        const seqs = delivered.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(seqs).toEqual([...published].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });
});
