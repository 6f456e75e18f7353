/**
 * Anton's match (anton.md §8.3): `re.search(re.escape(query), content, re.IGNORECASE)`, a
 * case-insensitive literal substring. JavaScript's `iu` flags fold case the same simple way.
 */
export const episodeMatcher = (query: string): ((content: string) => boolean) => {
  const pattern = new RegExp(query.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'iu');
  return (content) => pattern.test(content);
};
