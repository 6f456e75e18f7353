/**
 * Where an entry's text came from, least to most trusted (issue 14): text quoted from a tool
 * result or a file, the model (memorize, consolidation), a detector (ACC, cerebellum, instincts:
 * text engram wrote itself), the user. The one place the order is defined; a correction or a
 * contradiction replaces an entry only from an equal or higher tier.
 */
export const TRUST_ORDER = ['quoted', 'model', 'detector', 'user'] as const;
export type TrustTier = (typeof TRUST_ORDER)[number];

/** The tier when provenance says nothing: the model, neither trusted like the user nor distrusted like a quote. */
export const DEFAULT_TRUST: TrustTier = 'model';

export const isTrustTier = (v: unknown): v is TrustTier => typeof v === 'string' && (TRUST_ORDER as readonly string[]).includes(v);

/** The rank of a tier (higher is more trusted). */
export const trustRank = (t: TrustTier): number => TRUST_ORDER.indexOf(t);

/** An entry's (or an engram's) tier: its optional `trust` field when it holds a known tier, else the default. */
export const trustOf = (x: object): TrustTier => {
  const t = (x as { readonly trust?: unknown }).trust;
  return isTrustTier(t) ? t : DEFAULT_TRUST;
};

/** The tier a proposal's origin implies (the user at the CLI, a detector's lesson, the model). */
export const trustOfOrigin = (origin: string): TrustTier =>
  origin === 'user' ? 'user' : origin === 'acc' || origin === 'cerebellum' || origin === 'basal-ganglia' ? 'detector' : 'model';

/** Whether a writer of tier `incoming` may replace an entry of tier `existing`: equal or higher trust only. */
export const mayReplace = (incoming: TrustTier, existing: TrustTier): boolean => trustRank(incoming) >= trustRank(existing);
