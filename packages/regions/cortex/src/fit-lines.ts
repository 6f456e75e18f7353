/** One candidate for a budgeted section: the line it would add, and the group heading it needs. */
export interface Candidate<T> {
  readonly item: T;
  readonly line: string;
  /** Lines sharing a group are printed under one heading, paid for by the first chosen. */
  readonly group: string | null;
}

/** The shortest line that could still fit (`- x` and its line break): below this the walk stops trying. */
const MIN_LINE_CHARS = 4;

export interface FittedLines<T> {
  readonly chosen: Candidate<T>[];
  readonly omitted: number;
}

/** `fitLines` one candidate at a time, for a walk that can tell when no later candidate can fit (`lineFitter`). */
export interface LineFitter<T> {
  /** Chooses `c` if it fits, or counts it left out. */
  offer(c: Candidate<T>): void;
  /** Characters still free. */
  room(): number;
  /** What was chosen, with `skipped` candidates never offered counted as left out. */
  fitted(skipped: number): FittedLines<T>;
}

/**
 * The choosing of `fitLines`, offered candidates one by one in priority order: a candidate is
 * chosen while the emitted characters stay within `limitChars` (`fixedChars` is the heading
 * already spent; each group heading is charged once by `groupCost`); one that does not fit is
 * left out and smaller later ones may still fit, so one long entry cannot starve the rest.
 */
export const lineFitter = <T>(limitChars: number, fixedChars: number, groupCost: (group: string) => number): LineFitter<T> => {
  let used = fixedChars;
  const chosen: Candidate<T>[] = [];
  const groups = new Set<string>();
  let omitted = 0;
  return {
    offer(c) {
      if (limitChars - used < MIN_LINE_CHARS) {
        omitted++;
        return;
      }
      const heading = c.group !== null && !groups.has(c.group) ? groupCost(c.group) : 0;
      const cost = c.line.length + 1 + heading;
      if (used + cost > limitChars) {
        omitted++;
        return;
      }
      used += cost;
      chosen.push(c);
      if (c.group !== null) groups.add(c.group);
    },
    room: () => limitChars - used,
    fitted: (skipped) => ({ chosen, omitted: omitted + skipped }),
  };
};

/**
 * Chooses candidates in priority order while the emitted characters stay within `limitChars`
 * (`lineFitter`). Returns the chosen items in priority order and how many were left out.
 */
export const fitLines = <T>(candidates: readonly Candidate<T>[], limitChars: number, fixedChars: number, groupCost: (group: string) => number): FittedLines<T> => {
  const fitter = lineFitter<T>(limitChars, fixedChars, groupCost);
  for (const c of candidates) fitter.offer(c);
  return fitter.fitted(0);
};
