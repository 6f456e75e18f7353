/** Thresholds of the heuristic contradiction check, each with why it has its value. */
export interface ContradictionParams {
  /** Jaccard similarity of the two texts' subject words at or above which they talk about the same thing. */
  readonly sameSubjectJaccard: number;
  /** Texts with more subject words than this are left to the model (or to no one). */
  readonly maxSubjectWords: number;
  /** Entries sent to the model judge at most, those sharing the most subject words first. */
  readonly maxJudged: number;
}

export const DEFAULT_CONTRADICTION_PARAMS: ContradictionParams = Object.freeze({
  sameSubjectJaccard: 1,
  maxSubjectWords: 8,
  maxJudged: 12,
});

export const CONTRADICTION_PARAM_REASONS: { readonly [K in keyof ContradictionParams]: string } = {
  sameSubjectJaccard:
    'conservative on purpose: only the very same subject words with the polarity flipped ("use tabs" / "never use tabs") count; retiring an entry on a near miss would lose a true memory, while a missed contradiction still reaches the user through the memory block',
  maxSubjectWords:
    'in a long sentence a negation usually scopes over one clause, not the whole claim ("when X fails, do not retry; use Y"), so the word-level rule would misjudge it',
  maxJudged: 'one structured call with a dozen numbered entries stays well under 1k tokens; entries sharing no subject word are never candidates',
};
