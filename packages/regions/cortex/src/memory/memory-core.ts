import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import type { ContextInjection } from '../injected-item.js';
import type { OfferedSkill } from '../skills-section.js';
import { injectionFromRead, pinOf, skillsOf, snapshotOf, type MemorySnapshot } from './context-read.js';
import type { MemoryPin } from './memory-pin.js';
import { decideWrite, type WritePlan } from './decide-write.js';
import { plannedContradictions, plannedRetirements } from './plan-events.js';

export type MemoryCoreParams = Readonly<Record<string, never>>;

interface Decided {
  readonly plan: WritePlan;
  readonly note: string;
  /** The planned events already matched to a recorded one (`c:` contradictions, `s:` retirements, by entry id). */
  readonly used: ReadonlySet<string>;
}

export interface MemoryCoreState {
  /** Each write's plan, by proposal id (from its recorded read). */
  readonly plans: ReadonlyMap<string, Decided>;
  /** The memory block each recorded `cortex.context.read` rebuilds, by that read's id, until its injection is seen. */
  readonly blocks: ReadonlyMap<string, ContextInjection>;
  /** The snapshot the last `cortex.context.read` or `cortex.precall.read` stood for (a read records memory only when it changed). */
  readonly memory: MemorySnapshot | null;
  /** The skills the last `cortex.context.read` that offered any recorded (a read records them only when they changed). */
  readonly skills: readonly OfferedSkill[] | null;
  /** The conversation's pin: what its memory blocks' prefix is built from (`pinPrefix`, at each pinned read). */
  readonly pin: MemoryPin | null;
  /** What the event just folded should have been (set by `evolve` for that event, read by `check`). */
  readonly expected: { readonly eventId: string; readonly draft: AnyDraft } | null;
}

const INITIAL: MemoryCoreState = { plans: new Map(), blocks: new Map(), memory: null, skills: null, pin: null, expected: null };

/** The planned event matching a recorded one: the same entry if planned and not yet matched, else the next unmatched in plan order. */
const pick = <T extends { readonly entryId: string }>(planned: readonly T[], entryId: string, used: ReadonlySet<string>, tag: string): T | undefined =>
  planned.find((p) => p.entryId === entryId && !used.has(`${tag}${p.entryId}`)) ?? planned.find((p) => !used.has(`${tag}${p.entryId}`));

const matched = (s: MemoryCoreState, e: AnyEnvelope, proposalId: string, d: Decided, entryId: string, tag: string, expected: AnyDraft): MemoryCoreState => {
  const plans = new Map(s.plans);
  plans.set(proposalId, { ...d, used: new Set([...d.used, `${tag}${entryId}`]) });
  return { ...s, plans, expected: { eventId: e.id, draft: expected } };
};

const cleared = (s: MemoryCoreState): MemoryCoreState => (s.expected === null ? s : { ...s, expected: null });

/**
 * The memory core: what a write retires, supersedes, contradicts, queues or refuses, and where it
 * is routed (`decideWrite`), and what the memory block injects (`buildMemoryContext`), each from a
 * recorded read. Live it publishes nothing: the `Cortex` effect asks the same pure functions and
 * publishes, once the store has done it, what was carried out (an entry is only reported retired
 * when it left its file). `check` is what replay holds those answers to: for each recorded
 * `cortex.engram.contradicted`, `hippocampus.engram.superseded` and `cortex.context.injected`
 * whose read is in the log, the event the plan calls for (the store's new entry id is the only
 * field taken from the record). `evolve` returns new states (reads are a few per turn, so the
 * copies cost nothing that matters).
 */
export const memoryCore: RegionCore<MemoryCoreState, MemoryCoreParams, 'cortex.memory'> = {
  id: 'cortex.memory',
  source: 'cortex',
  initialState: () => INITIAL,
  evolve: (s, e) => {
    if (e.type === 'cortex.candidates.read') {
      const plans = new Map(s.plans);
      plans.set(e.data.proposalId, { plan: decideWrite(e.data), note: e.data.note, used: new Set() });
      return { ...s, plans, expected: null };
    }
    if (e.type === 'cortex.context.read') {
      const memory = snapshotOf(e.data, s.memory);
      if (memory === null) return cleared(s);
      const skills = skillsOf(e.data, s.skills);
      const pin = pinOf(e.data, memory, s.pin);
      const blocks = new Map(s.blocks);
      blocks.set(e.id, injectionFromRead(e.data, memory, pin, skills));
      return { ...s, blocks, memory, skills: skills ?? s.skills, pin: pin ?? s.pin, expected: null };
    }
    // A read before a call records memory too, and the next memory block's read leaves it out when unchanged.
    if (e.type === 'cortex.precall.read') {
      const memory = snapshotOf(e.data, s.memory);
      return memory === s.memory ? cleared(s) : { ...s, memory, expected: null };
    }
    if (e.type === 'cortex.engram.contradicted') {
      const d = s.plans.get(e.data.proposalId);
      const p = d === undefined ? undefined : pick(plannedContradictions(e.data.proposalId, d.plan, d.note), e.data.entryId, d.used, 'c:');
      return d === undefined || p === undefined ? cleared(s) : matched(s, e, e.data.proposalId, d, p.entryId, 'c:', draft('cortex.engram.contradicted', p));
    }
    if (e.type === 'hippocampus.engram.superseded') {
      const id = e.data.proposalId;
      const d = id === null ? undefined : s.plans.get(id);
      const p = id === null || d === undefined ? undefined : pick(plannedRetirements(id, d.plan, d.note, e.data.supersededBy), e.data.entryId, d.used, 's:');
      return id === null || d === undefined || p === undefined ? cleared(s) : matched(s, e, id, d, p.entryId, 's:', draft('hippocampus.engram.superseded', p));
    }
    if (e.type === 'cortex.context.injected') {
      const block = e.causationId === null ? undefined : s.blocks.get(e.causationId);
      if (e.causationId === null || block === undefined) return cleared(s);
      const blocks = new Map(s.blocks);
      blocks.delete(e.causationId);
      return { ...s, blocks, expected: { eventId: e.id, draft: draft('cortex.context.injected', block) } };
    }
    return cleared(s);
  },
  react: () => [],
  check: (s, e) => (s.expected !== null && s.expected.eventId === e.id ? [s.expected.draft] : []),
};
