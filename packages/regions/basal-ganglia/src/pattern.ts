/** The three habits the loop looks for (seed 003 and issue 8). */
export type PatternKind = 'chain' | 'error-retry' | 'recovery';

/** One completed instance of a pattern, at the observation that completed it. */
export interface Occurrence {
  readonly id: string;
  readonly kind: PatternKind;
  readonly tools: readonly string[];
  readonly sessionId: string;
  readonly at: number;
  /** The pattern's own instinct was being injected: not fresh evidence for it (self-confirmation guard). */
  readonly selfInjected: boolean;
}

/**
 * The stable id of a pattern, which is also its instinct's id and the id cortex records when it
 * injects the generated rule: `basal-ganglia.chain.Grep>Read>Edit`.
 */
export const patternId = (kind: PatternKind, tools: readonly string[]): string => `basal-ganglia.${kind}.${tools.join('>')}`;

/** The human description used in instinct files and generated rules. */
export const describePattern = (kind: PatternKind, tools: readonly string[]): string => {
  switch (kind) {
    case 'chain':
      return `Frequent tool chain: ${tools.join('->')}`;
    case 'error-retry':
      return `${tools[0] ?? '?'} error-retry pairs: a failed ${tools[0] ?? '?'} call retried at once. Consider pre-validation.`;
    case 'recovery':
      return `When ${tools[0] ?? '?'} fails, ${tools[1] ?? '?'} then retrying ${tools[0] ?? '?'} has worked`;
  }
};
