import type { EngramData, EventData } from '@engram/events';
import { gateDecision, type GateDecision } from '../gate-decision.js';
import type { MemoryMode } from '../memory-mode.js';
import type { ConsolidatedLesson } from './consolidated-lessons.js';

export interface GatedProposal {
  /** The `cortex.engram.proposed` payload (origin `consolidation`, the mode in force as `gate`). */
  readonly proposal: EventData<'cortex.engram.proposed'>;
  /** What the encoding gate does with it: encode now, queue for the user (copilot), or drop (off). */
  readonly decision: GateDecision;
}

/**
 * One extracted item as a memory proposal (anton.md §9.3, §7.4): an engram with source
 * `consolidation` and an empty topic as none, judged by the cortex's one encoding gate, so
 * autopilot encodes it, copilot queues it unless its confidence is high, and off drops it. The
 * model wrote its words (trust tier `model`), so the gate screens them like a `memorize` call's.
 */
export const itemToProposal = (item: ConsolidatedLesson, mode: MemoryMode, proposalId: string): GatedProposal => {
  const engram: EngramData = {
    text: item.text,
    kind: item.kind,
    scope: item.scope,
    confidence: item.confidence,
    topic: item.topic === '' ? null : item.topic,
    source: 'consolidation',
  };
  const corrects = item.supersedes?.trim() ?? '';
  return {
    proposal: { proposalId, engram, origin: 'consolidation', gate: mode, trust: 'model', ...(corrects === '' ? {} : { supersedes: [corrects] }) },
    decision: gateDecision(mode, engram, 'consolidation', 'model'),
  };
};
