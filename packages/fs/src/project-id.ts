import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { PROJECT_DIR_NAME } from './engram-paths.js';
import { ensureDir } from './ensure-dir.js';
import { readTextContained } from './read-contained.js';
import { withLock } from './with-lock.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** The file under `<project>/.engram` that names the project for shared stores. */
export const PROJECT_FILE_NAME = 'project.json';
/** What a project id may be: it keys rows in a shared database and travels in wake-up payloads. */
export const PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The id a project file holds, or a message naming the file and the field. */
const parseProjectFile = (path: string, text: string): string => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path}: not JSON (${err instanceof Error ? err.message : String(err)}); fix or delete it`, { cause: err });
  }
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !PROJECT_ID_PATTERN.test(id)) throw new Error(`${path}: field "id" must be 8-64 of A-Z a-z 0-9 _ - (found ${JSON.stringify(id)})`);
  return id;
};

/**
 * The project's stable id, kept in `<project>/.engram/project.json` and created on first use:
 * a shared store keys project memory on it instead of a machine's path, so two machines with the
 * same checkout (the file committed, or copied) share the project's memory. Creation holds the
 * file's lock and writes atomically (0600), so processes starting at once agree on one id. A
 * file that cannot be read is reported and never overwritten.
 */
export const projectId = async (project: string): Promise<string> => {
  const root = resolve(project);
  const dir = join(root, PROJECT_DIR_NAME);
  const path = join(dir, PROJECT_FILE_NAME);
  const existing = readTextContained(root, path);
  if (existing !== null) return parseProjectFile(path, existing);
  ensureDir(root, dir);
  return withLock(path, {}, (assertHeld) => {
    const now = readTextContained(root, path);
    if (now !== null) return parseProjectFile(path, now);
    const id = randomUUID();
    writeFileAtomic(path, `${JSON.stringify({ id }, null, 2)}\n`, { root, beforeCommit: assertHeld });
    return id;
  });
};
