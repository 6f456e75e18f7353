import type { EngramData } from '@engram/events';
import type { MemoryMode } from './memory-mode.js';
import type { ProposalOrigin } from './proposal-origin.js';

/** encode: store it now; queue: wait for the user; drop: memory is off. */
export type GateDecision = 'encode' | 'queue' | 'drop';

/**
 * The encoding gate (anton.md §7.4), applied to every proposal, not only consolidation's:
 * - a `user` origin (the user typed `engram memory add`, or accepted a pending entry) is the
 *   authority and is always encoded, whatever the mode;
 * - off drops everything else;
 * - autopilot encodes everything;
 * - copilot queues anything not of high confidence, and every `memorize` call: the model asking
 *   to remember is not the user agreeing, and Anton's bypass let a prompt-injected memorize
 *   write high-confidence memory unseen (§15.25).
 */
export const gateDecision = (mode: MemoryMode, engram: Pick<EngramData, 'confidence'>, origin: ProposalOrigin): GateDecision => {
  if (origin === 'user') return 'encode';
  switch (mode) {
    case 'off':
      return 'drop';
    case 'autopilot':
      return 'encode';
    case 'copilot':
      return origin === 'memorize' || engram.confidence !== 'high' ? 'queue' : 'encode';
  }
};
