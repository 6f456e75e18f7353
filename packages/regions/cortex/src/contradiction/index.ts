export { claimOf, jaccard, type Claim } from './claim-of.js';
export { findContradictions, contradictionCandidates, type Contradiction } from './find-contradictions.js';
export { DEFAULT_CONTRADICTION_PARAMS, CONTRADICTION_PARAM_REASONS, type ContradictionParams } from './contradiction-params.js';
export {
  ContradictionVerdictSchema,
  CONTRADICTION_TOOL,
  CONTRADICTION_PURPOSE,
  CONTRADICTION_SYSTEM,
  contradictionPrompt,
  judgedContradictions,
  type ContradictionVerdict,
} from './contradiction-judge.js';
