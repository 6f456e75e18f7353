import { gateDecision, pendingIdFor, quarantineIdFor, routeScope } from '@engram/cortex/core';
import { draft, type AnyDraft, type EngramData, type EventData } from '@engram/events';
import { cleanEntryText } from '@engram/hippocampus';
import type { RegionCore } from '@engram/kernel';
import { answerCause } from './answer-cause.js';


interface Proposal {
  readonly engram: EngramData;
  /** The gate let it through: encoded at once, or accepted by the user from the queue. */
  readonly writable: boolean;
}

/**
 * Owned by the fold that created it (`initialState`): `evolve` updates it in place, since a long
 * log holds thousands of proposals and copying the maps per proposal would make the fold quadratic.
 */
export interface StoreAnswerState {
  hasProject: boolean;
  readonly proposals: Map<string, Proposal>;
  /** Queued (and quarantined, by quarantine id) proposals, to find the one a confirmation accepts. */
  readonly pending: Map<string, string>;
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/**
 * What of a store's answer is derived: that it answers a proposal the gate let through, the
 * scope the cortex routed it to, and, for what the store wrote, the text it stores
 * (`cleanEntryText`, the one implementation the store uses) and the kind. What the store found
 * is read as given: the outcome (added, duplicate, superseded: a dedupe against what memory held),
 * the file, and the fields of an entry it already had. Identity facts are merged by the store
 * (a `key: value` replaces the older one), so a profile entry's text is given too.
 */
const expectedAnswer = (s: StoreAnswerState, d: EventData<'hippocampus.engram.encoded'>): EventData<'hippocampus.engram.encoded'> | null => {
  const p = d.proposalId === null ? undefined : s.proposals.get(d.proposalId);
  if (p === undefined || !p.writable) return null;
  const scope = routeScope(p.engram, s.hasProject);
  if (d.outcome === 'empty') return { ...d, engram: { ...p.engram, scope } };
  const wrote = d.outcome !== 'duplicate';
  const text = p.engram.kind === 'profile' ? d.engram.text : cleanEntryText(p.engram.text);
  return { ...d, engram: { ...d.engram, text, scope, kind: wrote ? p.engram.kind : d.engram.kind } };
};

/**
 * Replay's check of recorded store answers (never attached live: the store's answer is I/O).
 * Folding `hippocampus.engram.encoded`, it derives the answer the cortex's decisions call for,
 * with the store's own findings copied from the record, so `--check` compares every derived
 * field and an edited encoding (its text, scope or kind, or an encoding of a proposal the gate
 * never let through) diverges.
 */
export const storeAnswerCore: RegionCore<StoreAnswerState, Readonly<Record<string, never>>, 'hippocampus'> = {
  id: 'hippocampus',
  source: 'hippocampus',
  updatesInPlace: 'a long log holds thousands of proposals: copying their map per proposal would make the fold quadratic',
  initialState: () => ({ hasProject: false, proposals: new Map(), pending: new Map() }),
  evolve: (s, e) => {
    if (e.type === 'executive.session.started') s.hasProject = e.data.project !== null;
    else if (e.type === 'cortex.engram.proposed') {
      const decision = gateDecision(e.data.gate, e.data.engram, e.data.origin, e.data.trust);
      const writable = decision === 'encode';
      if (decision === 'quarantine') s.pending.set(quarantineIdFor(e.data.proposalId), e.data.proposalId);
      else if (!writable) s.pending.set(pendingIdFor(e.data.proposalId), e.data.proposalId);
      s.proposals.set(e.data.proposalId, { engram: e.data.engram, writable });
    } else if (e.type === 'cortex.engram.confirmed' && e.data.decision === 'accepted') {
      const id = s.pending.get(e.data.pendingId);
      const p = id === undefined ? undefined : s.proposals.get(id);
      if (id !== undefined && p !== undefined) s.proposals.set(id, { ...p, writable: true });
    }
    return s;
  },
  react: (s, e) => {
    if (e.type !== 'hippocampus.engram.encoded') return NOTHING;
    const expected = expectedAnswer(s, e.data);
    return expected === null ? NOTHING : [draft('hippocampus.engram.encoded', expected, answerCause(e.id))];
  },
};
