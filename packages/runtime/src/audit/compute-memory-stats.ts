import type { AnyEnvelope } from '@engram/events';
import { promotionPrecision, type PromotionPrecision } from './promotion-precision.js';

export interface MemoryStats {
  readonly sessions: number;
  readonly turns: number;
  /** `cortex.context.injected` events per turn, and the items they carried per turn. */
  readonly injectionsPerTurn: number;
  readonly injectedItemsPerTurn: number;
  /**
   * Of the turns in which a learned ACC rule was injected, the share in which the pattern that
   * produced it (known by its lesson id) did not fire again (no nudge, no lesson with that id).
   */
  readonly hitRate: { readonly turns: number; readonly hits: number; readonly rate: number | null };
  /**
   * Of learned items (entries written to memory, instincts promoted), the share later contradicted
   * (replaced by a rival of the same detector slot), removed by the user (`engram memory remove`)
   * or, for a promoted instinct, archived.
   */
  readonly falseLearningRate: {
    readonly learned: number;
    readonly contradicted: number;
    readonly removed: number;
    readonly archived: number;
    readonly rate: number | null;
  };
  /** Of promoted instincts (recorded by `engram instincts promote`), the share whose pattern recurred in later sessions. */
  readonly promotionPrecision: PromotionPrecision;
  /** Estimated model cost per turn: the turn's own calls, and background learning (post-mortems, consolidation ...). */
  readonly costPerTurnUsd: { readonly turn: number; readonly background: number };
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);

/**
 * The injection audit (issue 8 item 6), folded over event logs in time order. Everything is read
 * from recorded events: what was injected (`cortex.context.injected`), what produced each stored
 * text (encoded <- proposed <- acc.lesson.detected), and what fired in each turn.
 */
export const computeMemoryStats = (logs: readonly (readonly AnyEnvelope[])[]): MemoryStats => {
  const lessonOfText = new Map<string, string>();
  let sessions = 0;
  let turns = 0;
  let injections = 0;
  let items = 0;
  let hitTurns = 0;
  let hits = 0;
  let learned = 0;
  let contradicted = 0;
  let removed = 0;
  let archived = 0;
  /** Texts engram wrote to memory, and instincts it promoted: what a later removal or archive counts against. */
  const learnedTexts = new Set<string>();
  const promotedInstincts = new Set<string>();
  let turnCost = 0;
  let backgroundCost = 0;
  for (const events of logs) {
    // Logs a command wrote (promotions, removals) hold no session: they count only as audit records.
    if (events.some((e) => e.type === 'executive.turn.started' || e.type === 'executive.session.started')) sessions++;
    const byId = new Map(events.map((e) => [e.id, e]));
    const proposals = new Map(events.flatMap((e) => (e.type === 'cortex.engram.proposed' ? [[e.data.proposalId, e] as const] : [])));
    // Per turn: the learned lesson ids injected, and the lesson ids that fired.
    const injected = new Map<number, Set<string>>();
    const fired = new Map<number, Set<string>>();
    const add = (m: Map<number, Set<string>>, turn: number, id: string) => {
      let s = m.get(turn);
      if (!s) m.set(turn, (s = new Set()));
      s.add(id);
    };
    for (const e of events) {
      if (e.type === 'executive.turn.started') turns++;
      else if (e.type === 'cortex.context.injected') {
        injections++;
        items += e.data.items.length;
        for (const item of e.data.items) {
          const lessonId = lessonOfText.get(item.text);
          if (lessonId !== undefined) add(injected, e.turn, lessonId);
        }
      } else if (e.type === 'acc.nudge.emitted' || e.type === 'acc.lesson.detected') add(fired, e.turn, e.data.lessonId);
      else if (e.type === 'hippocampus.engram.encoded') {
        if (e.data.outcome === 'added' || e.data.outcome === 'superseded') {
          learned++;
          learnedTexts.add(e.data.engram.text);
        }
        if (e.data.outcome === 'superseded') contradicted++;
        const cause = byId.get(proposals.get(e.data.proposalId ?? '')?.causationId ?? '');
        if (cause?.type === 'acc.lesson.detected') lessonOfText.set(e.data.engram.text, cause.data.lessonId);
      } else if (e.type === 'hippocampus.engram.removed') {
        // Pruned for disuse is not wrong; only a user's removal says the learning was.
        if (learnedTexts.delete(e.data.text) && e.data.by === 'user') removed++;
      } else if (e.type === 'basal-ganglia.instinct.promoted') {
        if (!promotedInstincts.has(e.data.instinctId)) learned++;
        promotedInstincts.add(e.data.instinctId);
      } else if (e.type === 'basal-ganglia.instinct.archived') {
        if (promotedInstincts.delete(e.data.instinctId)) archived++;
      } else if (e.type === 'llm.call.completed') {
        if (e.data.purpose === 'turn') turnCost += e.data.costUsd;
        else backgroundCost += e.data.costUsd;
      }
    }
    for (const [turn, ids] of injected)
      for (const id of ids) {
        hitTurns++;
        if (!fired.get(turn)?.has(id)) hits++;
      }
  }
  const perTurn = (x: number) => (turns === 0 ? 0 : Math.round((x / turns) * 1e6) / 1e6);
  return {
    sessions,
    turns,
    injectionsPerTurn: perTurn(injections),
    injectedItemsPerTurn: perTurn(items),
    hitRate: { turns: hitTurns, hits, rate: ratio(hits, hitTurns) },
    falseLearningRate: { learned, contradicted, removed, archived, rate: ratio(contradicted + removed + archived, learned) },
    promotionPrecision: promotionPrecision(logs),
    costPerTurnUsd: { turn: perTurn(turnCost), background: perTurn(backgroundCost) },
  };
};
