import { accProfiles, observationFromEnvelope, ACC_DETECTORS, runDetector, type Observation } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import { describe, expect, it } from 'vitest';
import type { BaseTurn } from './base-turn.js';
import { perturbTurn } from './perturb-turn.js';
import { createPrng } from './prng.js';
import { recordedLog } from './recorded-log-fixture.js';
import { DEFAULT_MIX } from './scenario-mix.js';
import { FAULTS, NEAR_MISSES } from './scenarios.js';
import { splitBaseTurns } from './split-base-turns.js';

const [HEALTHY, KILLS] = splitBaseTurns('real.jsonl', recordedLog(['healthy', 'kills']), []).turns as [BaseTurn, BaseTurn];

/** What a base event is, whatever its stamp: type and data (the stop reason aside, which a cap changes). */
const content = (e: AnyEnvelope): string => `${e.type} ${JSON.stringify(e.type === 'executive.turn.completed' ? { ...e.data, stopReason: null } : e.data)}`;

/** True when `sub` occurs in `all` in order (other events may sit between). */
const inOrder = (sub: readonly string[], all: readonly string[]): boolean => {
  let i = 0;
  for (const x of all) if (x === sub[i]) i++;
  return i === sub.length;
};

const fires = (events: readonly AnyEnvelope[], params = accProfiles.engram): string[] => {
  const obs = events.map(observationFromEnvelope).filter((o): o is Observation => o !== null);
  return ACC_DETECTORS.filter((d) => runDetector(d, obs, params) !== null).map((d) => d.id);
};

describe('perturbTurn', () => {
  it('is deterministic: the same seed gives the same turn, another seed another turn', () => {
    const a = Array.from({ length: 30 }, (_, i) => perturbTurn(i + 1, i % 2 === 0 ? HEALTHY : KILLS, createPrng(7 + i), DEFAULT_MIX));
    const b = Array.from({ length: 30 }, (_, i) => perturbTurn(i + 1, i % 2 === 0 ? HEALTHY : KILLS, createPrng(7 + i), DEFAULT_MIX));
    expect(b).toEqual(a);
    const c = Array.from({ length: 30 }, (_, i) => perturbTurn(i + 1, i % 2 === 0 ? HEALTHY : KILLS, createPrng(1_000 + i), DEFAULT_MIX));
    expect(c).not.toEqual(a);
  });

  it.each(FAULTS.map((f) => [f.name, f] as const))('%s: labelled, caught on a healthy recorded turn, every recorded event kept in order', (_, fault) => {
    for (let seed = 1; seed <= 20; seed++) {
      const t = perturbTurn(5, HEALTHY, createPrng(seed), DEFAULT_MIX, { faults: [fault], capped: false });
      expect(t.labels.has(fault.label ?? 'acc.name-switch')).toBe(true);
      expect(fires(t.events)).toContain(fault.label);
      expect(inOrder(HEALTHY.events.map(content), t.events.map(content))).toBe(true);
      expect(t.events.length).toBeGreaterThan(HEALTHY.events.length);
      expect(t.scenarios).toEqual([fault.name]);
      expect(t.base).toBe('real.jsonl turn 1');
    }
  });

  it.each(NEAR_MISSES.map((f) => [f.name, f] as const))('near miss %s: no label, and the engram profile stays silent on a healthy recorded turn', (_, miss) => {
    for (let seed = 1; seed <= 20; seed++) {
      const t = perturbTurn(5, HEALTHY, createPrng(seed), DEFAULT_MIX, { faults: [miss], capped: false });
      expect(t.labels.size).toBe(0);
      expect(fires(t.events)).toEqual([]);
    }
  });

  it('renumbers the turn into one valid stream: seqs 1..n, the sim turn, unique ids, causation remapped inside the turn', () => {
    const t = perturbTurn(42, KILLS, createPrng(3), DEFAULT_MIX, { faults: [FAULTS[0] as (typeof FAULTS)[number], NEAR_MISSES[0] as (typeof NEAR_MISSES)[number]], capped: true });
    expect(t.events.map((e) => e.seq)).toEqual(t.events.map((_, i) => i + 1));
    expect(new Set(t.events.map((e) => e.turn))).toEqual(new Set([42]));
    expect(new Set(t.events.map((e) => e.id)).size).toBe(t.events.length);
    expect(new Set(t.events.map((e) => e.sessionId)).size).toBe(1);
    const ids = new Set(t.events.map((e) => e.id));
    for (const e of t.events) if (e.causationId !== null) expect(ids.has(e.causationId)).toBe(true);
    // a recorded event whose cause is in the turn points at the cause's new id; one whose cause
    // was dropped (the ACC nudge before the end) or lies outside the turn points at nothing
    const inTurn = new Set(KILLS.events.map((e) => e.id));
    const chained = KILLS.events.filter((e) => e.causationId !== null && inTurn.has(e.causationId));
    expect(chained.length).toBe(KILLS.events.length - 2);
    expect(t.events.filter((e) => e.causationId !== null)).toHaveLength(chained.length);
    const byId = new Map(t.events.map((e) => [e.id, e]));
    for (const e of t.events) if (e.causationId !== null) expect(byId.get(e.causationId)?.seq).toBeLessThan(e.seq);
    expect(t.events[0]?.causationId).toBeNull();
  });

  it('acts on the recorded turn: its pad, renames of it, its own tools', () => {
    const sprawl = perturbTurn(1, HEALTHY, createPrng(11), DEFAULT_MIX, { faults: [FAULTS.find((f) => f.name === 'name-sprawl') as (typeof FAULTS)[number]], capped: false });
    const pads = new Set(sprawl.events.flatMap((e) => (e.type === 'scratchpad.cell.requested' ? [e.data.pad] : [])));
    expect(pads.has('sales')).toBe(true);
    for (const p of pads) expect(p.startsWith('sales')).toBe(true);
    const retry = perturbTurn(1, HEALTHY, createPrng(11), DEFAULT_MIX, { faults: [FAULTS.find((f) => f.name === 'blind-retry') as (typeof FAULTS)[number]], capped: false });
    const failed = retry.events.flatMap((e) => (e.type === 'executive.tool.resulted' && !e.data.ok ? [e.data.name] : []));
    expect(new Set(failed)).toEqual(new Set(['sql']));
  });

  it('a capped turn gets cap.exhausted just before its end and a round_cap stop', () => {
    const t = perturbTurn(1, HEALTHY, createPrng(2), DEFAULT_MIX, { faults: [], capped: true });
    expect(t.events.at(-2)).toMatchObject({ type: 'executive.cap.exhausted', data: { cap: 2 } });
    expect(t.events.at(-1)).toMatchObject({ type: 'executive.turn.completed', data: { stopReason: 'round_cap' } });
    expect([...t.labels]).toEqual(['acc.cap-exhausted']);
    expect(t.scenarios).toEqual(['round-cap']);
  });

  it('leaves unscored the detectors the recorded turn already fires under anton, unless injected', () => {
    const plain = perturbTurn(1, KILLS, createPrng(4), DEFAULT_MIX, { faults: [], capped: false });
    expect([...(plain.unscored ?? [])]).toEqual(['acc.kill-loop']);
    expect(plain.labels.size).toBe(0);
    const hung = perturbTurn(1, KILLS, createPrng(4), DEFAULT_MIX, { faults: [FAULTS.find((f) => f.name === 'hung-cells') as (typeof FAULTS)[number]], capped: false });
    expect(hung.labels.has('acc.kill-loop')).toBe(true);
    expect(hung.unscored).toBeUndefined();
    expect(perturbTurn(1, HEALTHY, createPrng(4), DEFAULT_MIX, { faults: [], capped: false }).unscored).toBeUndefined();
  });

  it('with the mix rates, every scenario is injected somewhere and each injected label is present', () => {
    const rng = createPrng(99);
    const seen = new Set<string>();
    for (let i = 1; i <= 2_000; i++) {
      const t = perturbTurn(i, i % 2 === 0 ? HEALTHY : KILLS, rng, DEFAULT_MIX);
      for (const s of t.scenarios) seen.add(s);
      for (const f of FAULTS) if (t.scenarios.includes(f.name)) expect(t.labels.has(f.label ?? 'acc.name-switch')).toBe(true);
      expect(inOrder((i % 2 === 0 ? HEALTHY : KILLS).events.map(content), t.events.map(content))).toBe(true);
    }
    for (const s of [...FAULTS, ...NEAR_MISSES].map((f) => f.name)) expect(seen.has(s), s).toBe(true);
    expect(seen.has('round-cap')).toBe(true);
  });
});
