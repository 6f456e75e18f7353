import fc from 'fast-check';
import { ACC_KINDS, observation, type AccKind, type Observation } from './observation.js';

/**
 * fast-check arbitraries of observations drawn from small pools, so names repeat, errors share
 * signatures and kills cross thresholds often enough for the properties to exercise firing.
 * Test-only (imported by *.prop.test.ts); kept in src so the tests of every tier can share it.
 */
const names = fc.constantFrom('main', 'build_pres', 'write_html', 'scratchpad', 'fetch', '', undefined);
const errors = fc.constantFrom('', 'Quota 500 exceeded', 'Quota 7 exceeded', "No such file '/tmp/a.csv'", 'Error at 0xBEEF in /usr/lib/x.py', 'boom');
const reasons = fc.constantFrom('Cell timed out after 30s', 'liveness check failed', 'killed after inactivity', 'auto-install hung', '', undefined);
const success = fc.constantFrom(true, false, undefined);
const codeLen = fc.constantFrom(0, 10, 4999, 5000, 9000, undefined);

const defined = (d: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));

const detailOf = (kind: AccKind): fc.Arbitrary<Record<string, unknown>> => {
  switch (kind) {
    case 'scratchpad_call':
      return fc.record({ name: names, code_len: codeLen, confirm_new_scratchpad: fc.boolean() }).map(defined);
    case 'scratchpad_result':
    case 'tool_result':
      return fc.record({ name: names, success, error: errors }).map(defined);
    case 'scratchpad_killed':
      return fc.record({ name: names, reason: reasons }).map(defined);
    case 'scratchpad_empty_code':
    case 'scratchpad_reset':
    case 'tool_call':
      return fc.record({ name: names }).map(defined);
    case 'history_repair':
      return fc.constant({ reason: 'interrupted by error', sealed_count: 1 });
    case 'cap_exhausted':
      return fc.constant({ cap: 25 });
  }
};

export const arbitraryObservationOf = (kinds: readonly AccKind[]): fc.Arbitrary<Observation> =>
  fc
    .constantFrom(...kinds)
    .chain((kind) => fc.tuple(fc.constant(kind), detailOf(kind), fc.integer({ min: 0, max: 10 })))
    .map(([kind, detail, severity]) => observation(kind, detail, severity));

export const arbitraryObservation: fc.Arbitrary<Observation> = arbitraryObservationOf(ACC_KINDS);

export const arbitraryObservations = (maxLength = 60): fc.Arbitrary<Observation[]> => fc.array(arbitraryObservation, { maxLength });
