/**
 * How episode text is searched in PostgreSQL: lower-cased by engram (JavaScript's full Unicode
 * mapping, the same on every server whatever its locale; NUL, which a text column cannot hold,
 * becomes U+FFFD), and a query becomes a LIKE pattern over that, its `%`, `_` and `\` literal.
 * The server only has to over-match: every candidate is re-checked with Anton's matcher.
 */
export const foldForSearch = (text: string): string => text.toLowerCase().replace(/\0/g, '\uFFFD');

/** `%query%` for LIKE (whose default escape character is the backslash), over the folded text. */
export const likePattern = (query: string): string => `%${foldForSearch(query).replace(/[\\%_]/g, '\\$&')}%`;

/** A text column's copy of a record field (the record itself keeps the original). */
export const columnText = (text: string): string => text.replace(/\0/g, '\uFFFD');
