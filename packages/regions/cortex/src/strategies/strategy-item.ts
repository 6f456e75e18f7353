/** What a strategy is: a stored rule, a stored lesson, or a recovery recipe the runtime passes in. */
export type StrategyKind = 'rule' | 'lesson' | 'recipe';

export type ConfidenceLabel = 'high' | 'medium' | 'low';

/**
 * One thing learned that could be put in front of the model before a tool call. Rules and lessons
 * come from semantic memory (`strategiesFromMemory`); recipes from the basal ganglia's recipe
 * store, through the runtime, which carry a 0..1 confidence instead of a label.
 */
export interface StrategyItem {
  readonly id: string;
  readonly kind: StrategyKind;
  /** What is printed (and ranked): one line, or a recipe's steps on several. */
  readonly text: string;
  readonly confidence: ConfidenceLabel | number;
  /** When it was last written or observed (ms since the epoch); null when memory does not say. */
  readonly seenAt: number | null;
  /** Tools it is about, when known (a recipe's trigger tool); a match is a boost of its own. */
  readonly tools?: readonly string[];
  /** A lesson's topic slug: ranked with the text (`cobol-encoding` is evidence), never printed. */
  readonly topic?: string | null;
  /** A rule's section (`never` rules can guard a call); absent for lessons and recipes. */
  readonly ruleKind?: 'always' | 'never' | 'when' | null;
}
