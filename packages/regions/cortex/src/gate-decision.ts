import { defaultTrustTier, type EngramData, type TrustTier } from '@engram/events';
import type { MemoryMode } from './memory-mode.js';
import type { ProposalOrigin } from './proposal-origin.js';
import { screenText } from './quarantine/screen-text.js';

/** encode: store it now; queue: wait for the user; quarantine: held as instruction-like; drop: memory is off. */
export type GateDecision = 'encode' | 'queue' | 'quarantine' | 'drop';

/** Stored in the global scope whatever the project: said so, or a profile fact (`routeScope`'s first rule). */
const goesGlobal = (engram: Partial<Pick<EngramData, 'kind' | 'scope'>>): boolean => engram.scope === 'global' || engram.kind === 'profile';

/**
 * The encoding gate (anton.md §7.4), applied to every proposal, not only consolidation's:
 * - a `user` origin (the user typed `engram memory add`, or accepted a pending entry) is the
 *   authority and is always encoded, whatever the mode;
 * - off drops everything else;
 * - words of any tier but `user` that read as an instruction to the agent (`screenText`) are
 *   quarantined, in every mode: stored memory is replayed into every later prompt, so a
 *   poisoned tool result must not become a standing order (docs/memory-trust.md);
 * - autopilot encodes everything else;
 * - copilot queues anything not of high confidence, and every `memorize` call: the model asking
 *   to remember is not the user agreeing, and Anton's bypass let a prompt-injected memorize
 *   write high-confidence memory unseen (§15.25);
 * - copilot also queues every global entry (a rule or profile fact that goes into every project's
 *   prompt), whatever its confidence: an ACC lesson is a high-confidence global rule, and copilot
 *   wrote it without asking (issue 26). High-confidence project entries are still encoded.
 * `trust` is the proposal's recorded tier; the one its origin implies when not given.
 */
export const gateDecision = (mode: MemoryMode, engram: Pick<EngramData, 'confidence' | 'text'> & Partial<Pick<EngramData, 'kind' | 'scope'>>, origin: ProposalOrigin, trust: TrustTier = defaultTrustTier(origin)): GateDecision => {
  if (origin === 'user') return 'encode';
  if (mode === 'off') return 'drop';
  if (trust !== 'user' && screenText(engram.text).length > 0) return 'quarantine';
  switch (mode) {
    case 'autopilot':
      return 'encode';
    case 'copilot':
      return origin === 'memorize' || engram.confidence !== 'high' || goesGlobal(engram) ? 'queue' : 'encode';
  }
};
