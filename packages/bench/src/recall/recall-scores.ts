

/** One question's outcome: its evidence ids and the ids a surface returned, best first. */
export interface QuestionOutcome {
  readonly evidence: readonly string[];
  readonly ranked: readonly string[];
}

export interface RecallScores {
  /** Questions with at least one evidence id (the others cannot be scored). */
  readonly questions: number;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly recallAt10: number;
  readonly hitAt10: number;
}

/** The fraction of a question's distinct evidence ids among the first k distinct ids returned. */
export const recallAt = (o: QuestionOutcome, k: number): number => {
  const evidence = new Set(o.evidence);
  if (evidence.size === 0) return 0;
  const top = new Set<string>();
  for (const id of o.ranked) {
    if (top.size >= k) break;
    top.add(id);
  }
  let found = 0;
  for (const id of evidence) if (top.has(id)) found++;
  return found / evidence.size;
};

/** 1 when any evidence id is among the first k distinct ids returned. */
export const hitAt = (o: QuestionOutcome, k: number): number => (recallAt(o, k) > 0 ? 1 : 0);

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Mean recall@1/5/10 and hit@10 over the questions that have evidence. */
export const scoreRecall = (outcomes: readonly QuestionOutcome[]): RecallScores => {
  const scored = outcomes.filter((o) => o.evidence.length > 0);
  return {
    questions: scored.length,
    recallAt1: round4(mean(scored.map((o) => recallAt(o, 1)))),
    recallAt5: round4(mean(scored.map((o) => recallAt(o, 5)))),
    recallAt10: round4(mean(scored.map((o) => recallAt(o, 10)))),
    hitAt10: round4(mean(scored.map((o) => hitAt(o, 10)))),
  };
};
