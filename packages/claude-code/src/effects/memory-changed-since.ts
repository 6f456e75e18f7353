import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether any memory file (`*.md` in the given memory folders) was written at or after `sinceMs`:
 * the prompt hook shows the memory block again only then, instead of repeating an unchanged block
 * on every prompt. A folder that does not exist holds nothing new.
 */
export const memoryChangedSince = (dirs: readonly (string | null)[], sinceMs: number): boolean =>
  dirs.some((dir) => dir !== null && existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.md') && statSync(join(dir, name)).mtimeMs >= sinceMs));
