import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { draft, parseEvent, sourceOf, type AnyEnvelope } from '@engram/events';
import { arbitraryAnyEvent } from '@engram/events/testing';
import type { RegionCore } from '@engram/kernel';
import { brainCores, defaultBrainCoreParams, reportCheckCore, storeAnswerCore } from '@engram/runtime/cores';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordSession, type RecordedInput } from './record-session.js';
import { syntheticEffects, syntheticTurn } from './synthetic-session.js';

/** Logs the CLI recorded (the view's demo sessions: a scripted model driving real cells). */
const recordedLogs = ['demo-session-1.jsonl', 'demo-session-2.jsonl'].map((name) => {
  const file = fileURLToPath(new URL(`../../view/src/__fixtures__/${name}`, import.meta.url));
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l, i) => {
    const r = parseEvent(JSON.parse(l));
    if (!r.ok) throw new Error(`${file}:${i + 1}: ${JSON.stringify(r.issues)}`);
    return r.event;
  });
});

/** A longer log as the live runtime records it: every turn shape of the synthetic agent (failing cells, killed cells, failing tools, pad switches). */
const syntheticLog = (): AnyEnvelope[] => {
  const inputs: RecordedInput[] = [{ draft: draft('executive.session.started', { project: '/p', home: '/h', modes: { memory: 'autopilot', acc: 'active' } }), turn: 0, round: 0 }];
  for (let t = 1; t <= 5; t++) inputs.push(...syntheticTurn(t));
  return recordSession(inputs, defaultBrainCoreParams, { sessionId: '20261122_031500_cntr', effects: syntheticEffects() });
};

const LOGS: readonly (readonly AnyEnvelope[])[] = [...recordedLogs, syntheticLog()];

interface AnyCore {
  readonly id: string;
  readonly core: RegionCore<unknown, unknown>;
  readonly params: unknown;
}

/** Every core replay folds: the checks of the store's answers and the executive's reports, then `brainCores`. */
const CORES: readonly AnyCore[] = [
  { id: storeAnswerCore.id, core: storeAnswerCore, params: {} },
  { id: reportCheckCore.id, core: reportCheckCore, params: {} },
  ...brainCores().map((c) => ({ id: c.id, core: c.core, params: c.params })),
];

/** Freezes a state and everything it reaches, so an assignment inside `evolve` throws (a Map or Set stays writable; the snapshot catches those). */
const deepFreeze = (v: unknown, seen = new Set<unknown>()): void => {
  if (v === null || typeof v !== 'object' || seen.has(v)) return;
  seen.add(v);
  if (v instanceof Map)
    for (const [k, x] of v) {
      deepFreeze(k, seen);
      deepFreeze(x, seen);
    }
  else if (v instanceof Set) for (const x of v) deepFreeze(x, seen);
  for (const x of Object.values(v)) deepFreeze(x, seen);
  Object.freeze(v);
};

/** A deep copy to compare against; a function (a state may memoise a value lazily) compares by its kind alone. */
const snapshot = (v: unknown): unknown => {
  if (typeof v === 'function') return 'function';
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [snapshot(k), snapshot(x)]));
  if (v instanceof Set) return new Set([...v].map(snapshot));
  if (Array.isArray(v)) return v.map(snapshot);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, snapshot(x)]));
};

/**
 * Folds one core over a log, checking at every event what the contract asks: `evolve` leaves its
 * input state as it was (frozen, and compared with a copy) unless the core says `updatesInPlace`;
 * `react` and `check` change no state, answer the same twice, and publish only under the core's source.
 */
const foldChecked = (c: AnyCore, log: readonly AnyEnvelope[]): { state: unknown; drafts: unknown[] } => {
  const pure = c.core.updatesInPlace === undefined;
  let state = c.core.initialState(c.params);
  const drafts: unknown[] = [];
  for (const e of log) {
    let next: unknown;
    if (pure) {
      deepFreeze(state);
      const before = snapshot(state);
      try {
        next = c.core.evolve(state, e);
      } catch (err) {
        throw new Error(`${c.id}: evolve wrote into its frozen input state at ${e.type} (seq ${e.seq}): ${String(err)}`, { cause: err });
      }
      expect(snapshot(state), `${c.id}: evolve changed its input state at ${e.type} (seq ${e.seq})`).toEqual(before);
    } else next = c.core.evolve(state, e);
    const evolved = snapshot(next);
    const first = c.core.react(next, e, c.params);
    expect(c.core.react(next, e, c.params), `${c.id}: react answered differently twice at ${e.type}`).toEqual(first);
    for (const d of first) expect(sourceOf(d.type), `${c.id} published ${d.type}`).toBe(c.core.source);
    const checked = c.core.check?.(next, e) ?? [];
    expect(c.core.check?.(next, e) ?? [], `${c.id}: check answered differently twice at ${e.type}`).toEqual(checked);
    for (const d of checked) expect(sourceOf(d.type), `${c.id} checks ${d.type}`).toBe(c.core.source);
    expect(snapshot(next), `${c.id}: react or check changed the state at ${e.type}`).toEqual(evolved);
    drafts.push(...first, ...checked);
    state = next;
  }
  return { state, drafts };
};

/** A recorded log with arbitrary events of the catalog inserted at arbitrary places (seq renumbered). */
const logWithNoise = fc
  .tuple(fc.constantFrom(...LOGS.keys()), fc.array(fc.tuple(fc.nat(), arbitraryAnyEvent), { maxLength: 12 }))
  .map(([i, noise]) => {
    const log = [...(LOGS[i] ?? [])];
    for (const [at, e] of noise) log.splice(at % (log.length + 1), 0, e);
    return log.map((e, k): AnyEnvelope => ({ ...e, seq: k + 1 }));
  });

describe('the region contract, held by every core replay folds', () => {
  it('says why, for every core whose evolve updates its state in place; the others return new states', () => {
    const inPlace = CORES.filter((c) => c.core.updatesInPlace !== undefined);
    for (const c of inPlace) expect((c.core.updatesInPlace ?? '').length, c.id).toBeGreaterThan(40);
    expect(CORES.filter((c) => c.core.updatesInPlace === undefined).map((c) => c.id)).toEqual(['executive.reports', 'executive', 'cerebellum', 'cerebellum.outcomes', 'cortex.proposals', 'cortex.gate', 'cortex.memory', 'executive.precall', 'cortex.precall']);
  });

  it('gives every core a unique id, and each core publishes only as its source', () => {
    const ids = CORES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of brainCores()) expect(c.core.id).toBe(c.id);
    // Each recorded log makes some core publish, so the source check above is not vacuous.
    for (const log of LOGS) expect(CORES.flatMap((c) => foldChecked(c, log).drafts).length).toBeGreaterThan(0);
  });

  it.each(CORES.map((c) => [c.id, c] as const))('%s: evolve keeps its input state unless it says why, react is deterministic, and two folds of a log agree', (_, c) => {
    fc.assert(
      fc.property(logWithNoise, (log) => {
        const once = foldChecked(c, log);
        const twice = foldChecked(c, log);
        expect(snapshot(twice.state), 'a second fold').toEqual(snapshot(once.state));
        expect(twice.drafts, 'a second fold').toEqual(once.drafts);
        // Two folds at once, event by event, share nothing (an in-place core's initialState makes a new state each time).
        const even = log.filter((e) => e.seq % 2 === 0);
        let [a, b] = [c.core.initialState(c.params), c.core.initialState(c.params)];
        for (const e of log) {
          a = c.core.evolve(a, e);
          if (e.seq % 2 === 0) b = c.core.evolve(b, e);
        }
        expect(snapshot(a), 'a fold beside another').toEqual(snapshot(once.state));
        expect(snapshot(b), 'the other fold').toEqual(snapshot(foldChecked(c, even).state));
      }),
      // The counterexample is a whole log: report only what went wrong in it.
      {
        numRuns: 8,
        reporter: (r) => {
          if (r.failed) throw new Error(`${c.id} after ${r.numRuns} runs: ${String(r.errorInstance)}`);
        },
      },
    );
  });
});
