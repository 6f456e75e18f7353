import { realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { shellWord } from '@engram/kernel';

/** The one shell quoting (@engram/kernel), re-exported for the CLI's own printed commands. */
export { shellWord };

/** `node` when the `node` on PATH is the one running now, else its absolute path (a pasted line must run this Node). */
const nodeWord = (env: NodeJS.ProcessEnv): string => {
  const onPath = (env['PATH'] ?? '').split(delimiter).some((dir) => dir !== '' && dir === dirname(process.execPath));
  return onPath ? 'node' : shellWord(process.execPath);
};

/**
 * How this install runs engram, for a command engram prints as advice: `node /abs/.../engram.js`.
 * Never `npx engram` (where engram is not installed, npx runs whatever the registry serves under
 * that name) and never a bare `engram` (not on PATH in a clone). The launcher's real path, so a
 * line pasted in any folder runs the same engram.
 */
export const engramCommand = (env: NodeJS.ProcessEnv = process.env): string => {
  const script = process.argv[1];
  const bin = script === undefined ? join(import.meta.dirname, '..', '..', 'bin', 'engram.js') : realpathSync(script);
  return `${nodeWord(env)} ${shellWord(bin)}`;
};
