/**
 * How a recall query is read: a query wrapped in double quotes (`"sales.csv"`) asks for that exact
 * text (Anton's case-insensitive substring, newest first), as does `literal: true`; anything else
 * is a question, ranked by relevance. Returns the text to look for and the mode.
 */
export const readRecallQuery = (query: string, literal = false): { readonly text: string; readonly literal: boolean } => {
  const q = query.trim();
  if (q.length >= 3 && q.startsWith('"') && q.endsWith('"')) return { text: q.slice(1, -1), literal: true };
  return { text: q, literal };
};
