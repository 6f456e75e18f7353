import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema } from './envelope.js';
import { fastEnvelope } from './parse-event.js';
import { arbitraryAnyEvent } from './testing/arbitraries.js';

const FIELDS = ['seq', 'id', 'at', 'sessionId', 'turn', 'round', 'source', 'causationId', 'type', 'v', 'data'] as const;

/** Values that probe the edges of each envelope check. */
const probe = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, '', 'acc', 'nope', null, '2026-13-01T00:00:00Z', '2026-02-30T25:00:00Z', '2026-11-22T03:15:00+05:30', '2026-11-22T03:15:00.123456789Z', '2026-11-22 03:15:00Z', '2026-11-22T03:15:00'),
);

describe('the fast envelope check', () => {
  it('accepts only what the zod envelope schema accepts, with the same result', () => {
    fc.assert(
      fc.property(arbitraryAnyEvent, fc.array(fc.tuple(fc.constantFrom(...FIELDS), probe, fc.boolean()), { maxLength: 3 }), (event, edits) => {
        const raw: Record<string, unknown> = { ...event };
        for (const [field, value, remove] of edits) {
          if (remove) delete raw[field];
          else raw[field] = value;
        }
        const fast = fastEnvelope(raw);
        const slow = EnvelopeSchema.safeParse(raw);
        if (fast !== null) {
          expect(slow.success).toBe(true);
          if (slow.success) expect(fast).toEqual(slow.data);
        }
        if (edits.length === 0) expect(fast).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
