/** One candidate for a budgeted section: the line it would add, and the group heading it needs. */
export interface Candidate<T> {
  readonly item: T;
  readonly line: string;
  /** Lines sharing a group are printed under one heading, paid for by the first chosen. */
  readonly group: string | null;
}

/** The shortest line that could still fit (`- x` and its line break): below this the walk stops trying. */
const MIN_LINE_CHARS = 4;

/**
 * Chooses candidates in priority order while the emitted characters stay within `limitChars`
 * (`fixedChars` is the heading already spent; each group heading is charged once by
 * `groupCost`). A candidate that does not fit is skipped and smaller later ones may still fit,
 * so one long entry cannot starve the rest. Returns the chosen items in priority order and how
 * many were left out.
 */
export const fitLines = <T>(candidates: readonly Candidate<T>[], limitChars: number, fixedChars: number, groupCost: (group: string) => number): { chosen: Candidate<T>[]; omitted: number } => {
  let used = fixedChars;
  const chosen: Candidate<T>[] = [];
  const groups = new Set<string>();
  let omitted = 0;
  for (const c of candidates) {
    if (limitChars - used < MIN_LINE_CHARS) {
      omitted++;
      continue;
    }
    const heading = c.group !== null && !groups.has(c.group) ? groupCost(c.group) : 0;
    const cost = c.line.length + 1 + heading;
    if (used + cost > limitChars) {
      omitted++;
      continue;
    }
    used += cost;
    chosen.push(c);
    if (c.group !== null) groups.add(c.group);
  }
  return { chosen, omitted };
};
