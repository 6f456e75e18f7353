/**
 * One POSIX shell word: single quotes, each `'` closed, escaped and reopened. Paths and a user's
 * text are data: `"$5"` or a backquote inside double quotes would be expanded by the shell. Every
 * command engram prints as advice (the CLI's, the chat's) quotes its words with this one function.
 */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) && !s.startsWith('-') ? s : `'${s.replaceAll("'", `'\\''`)}'`);
