import { shellWord } from '@engram/kernel';
import { redactUrl } from '@engram/runtime';
import type { ChatRoots } from './chat-host.js';

/**
 * The flags that make a printed `engram memory ...` command work on the chat's own memory: its
 * home, project, store and tenant, each quoted for a POSIX shell (run from another folder without
 * them it would work on the wrong project). A store URL's password is shown as `***` (secrets are
 * never shown): the user types it back.
 */
export const memoryFlags = (target: ChatRoots): string[] => {
  const flags: [string, string | undefined][] = [
    ['--home', target.home],
    ['--project', target.project],
    ['--store', target.store === undefined ? undefined : redactUrl(target.store)],
    ['--tenant', target.tenant],
  ];
  return flags.flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${shellWord(value)}`]));
};
