import { readFileSync } from 'node:fs';

/** A file's text, or null when it does not exist yet (a store's first run); any other failure is thrown. */
export const readIfExists = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};
