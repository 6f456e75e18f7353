import { quickMemory } from './quick-memory.js';
import { writeAllSync } from '../effects/write-all-sync.js';

/**
 * The quick `memory show|list|context` as a command (what the quick memory snapshot starts):
 * `quickMemory`'s answer printed with system calls (`writeAllSync`: a reader that left ends it
 * quietly, any other failed write is one line and exit 1, as for every command), resolving to the
 * exit code; null for a line it does not answer, which the caller hands to the full CLI.
 */
export const runQuickMemory = async (argv: readonly string[]): Promise<number | null> => {
  const answer = await quickMemory(argv, process.env, process.cwd());
  if (answer === null) return null;
  try {
    if (answer.err !== '') writeAllSync(2, answer.err);
    writeAllSync(1, answer.out);
  } catch (err) {
    writeAllSync(2, `engram: could not write the output: ${(err as Error).message}\n`);
    return 1;
  }
  return answer.code;
};
