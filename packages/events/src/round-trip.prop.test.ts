import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTypes } from './catalog.js';
import { parseEvent } from './parse-event.js';
import { arbitraryAnyEvent, arbitraryEvent } from './testing/arbitraries.js';

describe('every catalog event', () => {
  it('round-trips through JSON and parses back unchanged', () => {
    fc.assert(
      fc.property(arbitraryAnyEvent, (e) => {
        const back = parseEvent(JSON.parse(JSON.stringify(e)));
        expect(back).toEqual({ ok: true, event: e });
      }),
      { numRuns: 500 },
    );
  });

  it.each(eventTypes)('%s: arbitraries always satisfy the schema', (type) => {
    fc.assert(fc.property(arbitraryEvent(type), (e) => parseEvent(e).ok), { numRuns: 40 });
  });
});
