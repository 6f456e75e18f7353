import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folders better-sqlite3's default addon finder (`bindings`) tries first, in its order, under the package. */
const ADDON_FOLDERS = ['build', 'build/Debug', 'build/Release'];

/**
 * better-sqlite3's compiled addon, where its `bindings` finder would find it first, found without
 * that finder: `bindings` tries a dozen places and reads a stack trace to find the package, about
 * 15 ms of the first open of a process against 2 ms this way, loading included (`engram recall`
 * pays it at every start). null: none of those places has it, and `bindings` searches as before.
 * Looked up at each open (a process opens one or two databases), so nothing of an installation is
 * kept: not across a reinstall, nor in a start-up snapshot's heap.
 */
const addonFile = (): string | null => {
  try {
    const root = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3')), '..');
    return ADDON_FOLDERS.map((folder) => join(root, folder, 'better_sqlite3.node')).find((file) => existsSync(file)) ?? null;
  } catch {
    return null;
  }
};

/** Opens (creating it if need be) the SQLite database in `file` with better-sqlite3. */
export const openSqlite = (file: string): Database.Database => {
  const nativeBinding = addonFile();
  return nativeBinding === null ? new Database(file) : new Database(file, { nativeBinding });
};
