import { draft } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { gateDecision, type GateDecision } from './gate-decision.js';
import { pendingIdFor } from './pending-item.js';
import { quarantineIdFor } from './quarantine/quarantine-item.js';
import { screenText } from './quarantine/screen-text.js';

/** The cortex core needs no thresholds: the mode in force travels on each proposal. */
export type CortexParams = Readonly<Record<string, never>>;

export interface CortexState {
  /** Pending ids waiting for the user, in the order queued. */
  readonly pending: readonly string[];
  /** Proposals seen, by the gate's decision. */
  readonly counts: Readonly<Record<GateDecision, number>>;
}

const INITIAL: CortexState = { pending: [], counts: { encode: 0, queue: 0, quarantine: 0, drop: 0 } };

/**
 * The cortex's pure core: it decides each proposal's fate at the gate (the mode is recorded on
 * `cortex.engram.proposed`, so replay needs no settings) and publishes `cortex.engram.queued`
 * for the ones the user must confirm, and `cortex.engram.quarantined` (with the screen's reasons) for
 * the ones that read as instructions to the agent. Encoding is I/O, done by the effects, whose outcome is
 * recorded as `hippocampus.engram.encoded`.
 */
export const cortexCore: RegionCore<CortexState, CortexParams, 'cortex.gate'> = {
  id: 'cortex.gate',
  source: 'cortex',
  initialState: () => INITIAL,
  evolve: (state, event) => {
    if (event.type === 'cortex.engram.proposed') {
      const decision = gateDecision(event.data.gate, event.data.engram, event.data.origin, event.data.trust);
      return { ...state, counts: { ...state.counts, [decision]: state.counts[decision] + 1 } };
    }
    if (event.type === 'cortex.engram.queued') return state.pending.includes(event.data.pendingId) ? state : { ...state, pending: [...state.pending, event.data.pendingId] };
    if (event.type === 'cortex.engram.confirmed') return { ...state, pending: state.pending.filter((p) => p !== event.data.pendingId) };
    return state;
  },
  react: (_state, event) => {
    if (event.type !== 'cortex.engram.proposed') return [];
    const { proposalId, engram, origin, gate, trust } = event.data;
    const decision = gateDecision(gate, engram, origin, trust);
    if (decision === 'quarantine') return [draft('cortex.engram.quarantined', { proposalId, quarantineId: quarantineIdFor(proposalId), trust, reasons: screenText(engram.text) }, event.id)];
    if (decision !== 'queue') return [];
    return [draft('cortex.engram.queued', { proposalId, pendingId: pendingIdFor(proposalId) }, event.id)];
  },
};
