import { redactUrl } from '@engram/store-postgres/settings';

/** The flags that decide which memory a command works on, as the chat was given them. */
export interface ForgetTarget {
  readonly home?: string;
  readonly project: string;
  readonly store?: string;
  readonly tenant?: string;
}

/**
 * One POSIX shell word: single quotes, each `'` closed, escaped and reopened. A subject is the
 * user's text (data): `"$5"` or a backquote inside double quotes would be expanded by the shell,
 * and a different subject forgotten.
 */
const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) && !s.startsWith('-') ? s : `'${s.replaceAll("'", `'\\''`)}'`);

/**
 * The `engram memory forget ... --yes` that `/forget SUBJECT` tells the user to run after the
 * chat: the same home, project and store as the chat (run from another folder it would forget in
 * the wrong project), the subject after `--` so one starting with `-` is not read as a flag. A
 * store URL's password is shown as `***` (secrets are never shown): the user types it back.
 */
export const forgetCommandLine = (subject: string, target: ForgetTarget): string => {
  const flags: [string, string | undefined][] = [
    ['--home', target.home],
    ['--project', target.project],
    ['--store', target.store === undefined ? undefined : redactUrl(target.store)],
    ['--tenant', target.tenant],
  ];
  const given = flags.flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${shellWord(value)}`]));
  return ['engram memory forget --yes', ...given, '--', shellWord(subject)].join(' ');
};
