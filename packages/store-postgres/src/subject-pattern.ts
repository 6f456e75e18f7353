import type { SubjectMatcher } from '@engram/kernel';

/**
 * A subject to forget as a case-insensitive server regular expression (`~*`; whitespace runs as
 * \s+, punctuation escaped): a coarse filter on the server, so only candidate rows come back; the
 * kernel's matcher then decides on each, so what is removed is what the files would remove.
 */
export const subjectPattern = (matcher: SubjectMatcher): string => matcher.subject.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
