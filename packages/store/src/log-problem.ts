/** One bad line in a log: where it is and what is wrong, as `file:line: field: problem`. */
export interface LogProblem {
  readonly file: string;
  readonly line: number;
  readonly field: string;
  readonly problem: string;
}

export const formatProblem = (p: LogProblem): string => `${p.file}:${p.line}: ${p.field}: ${p.problem}`;
