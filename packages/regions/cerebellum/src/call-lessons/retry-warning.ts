import type { CallPattern } from '@engram/kernel';
import type { RecentFailure } from './call-lesson-core.js';

/**
 * The warning before a retry, or null: this call's pattern (program and the argument shape that
 * matters) failed earlier in the turn, nothing has changed the files since, and the call does not
 * change them itself. The same call in the same world fails the same way; one earlier failure is
 * enough evidence, because nothing the agent could have learned from it has touched the world.
 */
export const retryWarning = (recent: ReadonlyMap<string, RecentFailure>, call: CallPattern): string | null => {
  if (call.pattern === '' || call.writes) return null;
  const last = recent.get(call.pattern);
  if (last === undefined || last.wrote) return null;
  // A line with no word in it ("...") says nothing: the warning then names the failure without quoting it.
  const said = /[\p{L}\p{N}]/u.test(last.line) ? ` with "${last.line}"` : '';
  return `\`${call.pattern}\` already failed in this turn${said}, and no file has changed since: it will fail the same way. Fix the cause first, or do the job another way.`;
};
