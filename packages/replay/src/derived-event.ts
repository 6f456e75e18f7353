import type { AnyDraft } from '@engram/events';
import type { BrainCoreId } from '@engram/runtime/cores';

/** Which replayed core derived an event: one of `brainCores`, or a replay-only check (`hippocampus`: a store's answers; `executive.reports`: the executive's counts). */
export type ReplayCoreName = BrainCoreId | 'hippocampus' | 'executive.reports';

/**
 * One event a core derived while the log was refolded: the draft `react` returned, stamped as
 * the bus would stamp it (causation = the handled event's id unless the core named one), plus
 * where it came from, so a divergence can say which recorded event caused it. Narrows on `type`.
 */
export type DerivedEvent = AnyDraft & {
  readonly core: ReplayCoreName;
  readonly causationId: string;
  /** seq of the recorded event whose handling produced it. */
  readonly causeSeq: number;
  readonly turn: number;
  readonly round: number;
};
