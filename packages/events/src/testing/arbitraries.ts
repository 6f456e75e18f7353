import fc from 'fast-check';
import { catalog, eventTypes, type EventData, type EventType } from '../catalog.js';
import { sourceOf, type AnyEnvelope, type Envelope } from '../envelope.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';

const dataArbitraries = new Map<EventType, fc.Arbitrary<unknown>>();

/** Arbitrary data of one event type, valid against its current schema. */
export const arbitraryData = <T extends EventType>(type: T): fc.Arbitrary<EventData<T>> => {
  let arb = dataArbitraries.get(type);
  if (!arb) {
    arb = arbitraryFromSchema(catalog[type].schema);
    dataArbitraries.set(type, arb);
  }
  return arb as fc.Arbitrary<EventData<T>>;
};

const envelopeFields = fc.record({
  seq: fc.integer({ min: 1, max: 1_000_000 }),
  id: fc.uuid(),
  at: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  sessionId: fc.constantFrom('20261122_031500_ab12', '20261122_031501_cd34'),
  turn: fc.nat({ max: 50 }),
  round: fc.nat({ max: 30 }),
  causationId: fc.option(fc.uuid(), { nil: null }),
});

/** An arbitrary envelope of one type. */
export const arbitraryEvent = <T extends EventType>(type: T): fc.Arbitrary<Envelope<T>> =>
  fc.tuple(envelopeFields, arbitraryData(type)).map(
    ([env, data]) => ({ ...env, source: sourceOf(type), type, v: catalog[type].v, data }) as unknown as Envelope<T>,
  );

/** An arbitrary envelope of any catalog type. */
export const arbitraryAnyEvent: fc.Arbitrary<AnyEnvelope> = fc
  .constantFrom(...eventTypes)
  .chain((type) => arbitraryEvent(type) as fc.Arbitrary<AnyEnvelope>);
