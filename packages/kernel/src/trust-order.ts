import type { TrustTier } from '@engram/events';

/**
 * Trust tiers from least to most trusted (issue 14): text quoted from a tool result or a file,
 * the model (memorize, consolidation), a detector (ACC, cerebellum, instincts: text engram wrote
 * itself), the user. The one place the order is defined; a correction or a contradiction replaces
 * an entry only from an equal or higher tier.
 */
export const TRUST_ORDER: readonly TrustTier[] = ['quoted', 'model', 'detector', 'user'];

/** The rank of a tier (higher is more trusted). */
const trustRank = (t: TrustTier): number => TRUST_ORDER.indexOf(t);

/** Whether a writer of tier `incoming` may replace an entry of tier `existing`: equal or higher trust only. */
export const mayReplace = (incoming: TrustTier, existing: TrustTier): boolean => trustRank(incoming) >= trustRank(existing);
