import { redactUrl } from '@engram/store-postgres/settings';
import { shellWord } from '../output/engram-command.js';

/** The flags that decide which memory a command works on, as the chat was given them. */
export interface ForgetTarget {
  readonly home?: string;
  readonly project: string;
  readonly store?: string;
  readonly tenant?: string;
}

/**
 * The `engram memory forget ... --yes` that `/forget SUBJECT` tells the user to run after the
 * chat: the same home, project and store as the chat (run from another folder it would forget in
 * the wrong project), the subject after `--` so one starting with `-` is not read as a flag. A
 * store URL's password is shown as `***` (secrets are never shown): the user types it back.
 */
export const forgetCommandLine = (subject: string, target: ForgetTarget, engram = 'engram'): string => {
  const flags: [string, string | undefined][] = [
    ['--home', target.home],
    ['--project', target.project],
    ['--store', target.store === undefined ? undefined : redactUrl(target.store)],
    ['--tenant', target.tenant],
  ];
  const given = flags.flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${shellWord(value)}`]));
  return [`${engram} memory forget --yes`, ...given, '--', shellWord(subject)].join(' ');
};
