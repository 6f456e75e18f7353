/** Nesting followed into tool arguments; deeper values are payload, not what the call is about. */
const MAX_DEPTH = 6;

/**
 * The text of a tool call's arguments for matching: keys and string values, depth first, in
 * their order, cut at `maxChars` (`{ path: "legacy/PAYROLL.cbl" }` gives `path legacy/PAYROLL.cbl`).
 * Numbers and booleans are left out: `offset 0` or `true` says nothing about which lesson applies.
 */
export const flattenArgs = (args: unknown, maxChars: number): string => {
  const parts: string[] = [];
  let used = 0;
  const add = (s: string): boolean => {
    if (used >= maxChars) return false;
    const piece = s.slice(0, maxChars - used);
    parts.push(piece);
    used += piece.length + 1;
    return true;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return add(v);
    if (depth >= MAX_DEPTH || v === null || typeof v !== 'object') return used < maxChars;
    if (Array.isArray(v)) {
      for (const x of v) if (!walk(x, depth + 1)) return false;
      return true;
    }
    for (const [k, x] of Object.entries(v)) if (!add(k) || !walk(x, depth + 1)) return false;
    return true;
  };
  walk(args, 0);
  return parts.join(' ');
};

/** What strategies are matched against: the turn's text, the tool's name and its flattened arguments. */
export const strategyQuery = (tool: string, turnText: string, args: unknown, maxArgChars: number): string => `${turnText}\n${tool}\n${flattenArgs(args, maxArgChars)}`;
