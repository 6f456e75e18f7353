import type { DetectorId } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import type { BaseTurn } from './base-turn.js';
import { pickScenarios, type PickedScenarios } from './pick-scenarios.js';
import type { Prng } from './prng.js';
import type { ScenarioMix } from './scenario-mix.js';
import { CAP_FAULT } from './scenarios.js';
import type { SimTurn } from './sim-turn.js';
import { SIM_SESSION, simTime, TurnBuilder } from './turn-builder.js';

/** Injected events, and the index of the base event they go before. */
interface Fragment {
  readonly before: number;
  readonly events: readonly AnyEnvelope[];
}

/**
 * Re-stamps the assembled turn as one valid stream of simulated turn `turn`: seqs 1..n, ids
 * `sim-<seq>`, the sim's session and time. Rounds are kept (injected events carry the round they
 * were injected into). A base event's causation is remapped to its cause's new id, or null when
 * the cause lies outside the turn.
 */
const restamp = (turn: number, base: readonly AnyEnvelope[], fragments: readonly Fragment[], capped: boolean): AnyEnvelope[] => {
  const at = simTime(turn);
  const out: AnyEnvelope[] = [];
  const ids = new Map<string, string>();
  const push = (e: AnyEnvelope, fromBase: boolean): void => {
    const seq = out.length + 1;
    const id = `sim-${seq}`;
    const causationId = fromBase && e.causationId !== null ? (ids.get(e.causationId) ?? null) : null;
    if (fromBase) ids.set(e.id, id);
    const data = capped && e.type === 'executive.turn.completed' ? { ...e.data, stopReason: 'round_cap' as const } : e.data;
    out.push({ ...e, seq, id, at, sessionId: SIM_SESSION, turn, causationId, data } as AnyEnvelope);
  };
  let f = 0;
  base.forEach((e, i) => {
    for (; f < fragments.length && (fragments[f]?.before ?? 0) <= i; f++) for (const x of fragments[f]?.events ?? []) push(x, false);
    push(e, true);
  });
  return out;
};

/**
 * One labelled turn built on a recorded one (issue 7, item 5: real logs as a base to perturb).
 * The mix's rates pick the scenarios, as for a synthetic turn; each is injected, with the turn's
 * own pad and tools (`BaseTurn.site`), just before the end of one of the turn's tool rounds; a
 * round-cap turn gets `executive.cap.exhausted` (its cap is the rounds it ran) before its end and
 * a `round_cap` stop reason. Every recorded event is kept, in order: it is the background noise.
 *
 * Ground truth: the labels are the injected scenarios' only. The log's own `acc.lesson.detected`
 * events are not ground truth (they are the detectors' output being scored). A detector that
 * fires on the recorded events alone under the `anton` profile, and was not injected, is left
 * `unscored` on this turn: whether that firing was right is unknown. So real turns add false
 * positives only where a setting fires on what `anton` lets pass, and never a false negative for
 * a recorded pattern (the rule and its reasons: docs/sim.md, "Real logs as a base").
 * Same base, rng state and mix, same turn.
 */
export const perturbTurn = (turn: number, base: BaseTurn, rng: Prng, mix: ScenarioMix, forced?: PickedScenarios): SimTurn => {
  const { faults, capped } = forced ?? pickScenarios(rng, mix);
  const end = base.events.length - 1;
  const endRound = base.events[end]?.round ?? 0;
  const rounds = [...base.slots.keys()];
  const labels = new Set<DetectorId>();
  const fragments: Fragment[] = faults.map((f) => {
    const round = rounds.length === 0 ? endRound : rng.pick(rounds);
    const b = new TurnBuilder(turn, 1, round);
    if (f.label !== null) labels.add(f.label);
    for (const extra of f.inject(b, rng, base.site) ?? []) labels.add(extra);
    return { before: base.slots.get(round) ?? end, events: b.events };
  });
  if (capped) {
    const cap = Math.max(1, endRound, ...rounds);
    fragments.push({ before: end, events: new TurnBuilder(turn, 1, endRound).emit('executive.cap.exhausted', { cap }).events });
    labels.add(CAP_FAULT.label);
  }
  fragments.sort((a, b) => a.before - b.before);
  const unscored = new Set([...base.firesUnderAnton].filter((d) => !labels.has(d)));
  return {
    turn,
    events: restamp(turn, base.events, fragments, capped),
    labels,
    scenarios: [...(capped ? [CAP_FAULT.name] : []), ...faults.map((f) => f.name)],
    ...(unscored.size > 0 ? { unscored } : {}),
    base: `${base.file} turn ${base.turn}`,
  };
};
