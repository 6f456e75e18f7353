import { catalog, type EventData, type EventType } from '../catalog.js';
import { sourceOf, type AnyEnvelope, type Envelope } from '../envelope.js';
import { defaultData } from './default-data.js';

export interface EnvelopeOverrides {
  readonly seq?: number;
  readonly id?: string;
  readonly at?: string;
  readonly sessionId?: string;
  readonly turn?: number;
  readonly round?: number;
  readonly causationId?: string | null;
}

export const TEST_SESSION = '20261122_031500_ab12';
const BASE_TIME = Date.parse('2026-11-22T03:15:00.000Z');

/** Builds one valid envelope of `type`: default data overlaid with `data`, envelope fields with `meta`. */
export const buildEvent = <T extends EventType>(type: T, data: Partial<EventData<T>> = {}, meta: EnvelopeOverrides = {}): Envelope<T> => {
  const seq = meta.seq ?? 1;
  return {
    seq,
    id: meta.id ?? `evt-${seq}`,
    at: meta.at ?? new Date(BASE_TIME + seq * 1000).toISOString(),
    sessionId: meta.sessionId ?? TEST_SESSION,
    turn: meta.turn ?? 1,
    round: meta.round ?? 0,
    source: sourceOf(type) as Envelope<T>['source'],
    causationId: meta.causationId ?? null,
    type,
    v: catalog[type].v,
    data: { ...defaultData[type], ...data },
  };
};

type Step = { [T in EventType]: readonly [T, Partial<EventData<T>>?, EnvelopeOverrides?] }[EventType];

/** Builds a stream with consecutive seqs (1..n), for given/when/then specs. */
export const buildStream = (steps: readonly Step[], meta: EnvelopeOverrides = {}): AnyEnvelope[] =>
  steps.map(([type, data, own], i) => buildEvent(type, data as never, { ...meta, ...own, seq: (meta.seq ?? 1) + i }) as AnyEnvelope);
