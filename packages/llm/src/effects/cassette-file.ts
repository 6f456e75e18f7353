import { writeFileAtomic } from '@engram/fs';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CassetteSchema, type Cassette } from '../cassette.js';
import { TaggedError } from '@engram/kernel';

/** A cassette that could not be read: the message names the file and the failing field. */
export class CassetteFileError extends TaggedError('CassetteFileError')<{ readonly reason: 'not-json' | 'invalid' | 'unreadable'; readonly file: string; readonly message: string }> {}

/** Parses cassette text; `file` only names the place in errors. */
export const parseCassette = (text: string, file: string): Cassette => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CassetteFileError({ reason: 'not-json', message: `cassette ${file}: not JSON (${err instanceof Error ? err.message : String(err)})`, file });
  }
  const parsed = CassetteSchema.safeParse(json);
  if (!parsed.success) throw new CassetteFileError({ reason: 'invalid', message: `cassette ${file}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`, file });
  return parsed.data;
};

export const readCassette = async (file: string): Promise<Cassette> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CassetteFileError({ reason: 'unreadable', message: code === 'ENOENT' ? `cassette ${file}: no such file` : `cassette ${file}: ${String(err)}`, file });
  }
  return parseCassette(text, file);
};

/** Writes atomically (unique temp file, then rename) and private to the user (0600). */
export const writeCassette = async (file: string, cassette: Cassette): Promise<void> => {
  // All of it or nothing, 0600, never through a link (a full disk is an FsError naming the file).
  writeFileAtomic(file, `${JSON.stringify(cassette, null, 2)}\n`);
  return Promise.resolve();
};
