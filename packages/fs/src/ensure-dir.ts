import { mkdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { containedPath } from './contain-path.js';
import { FsError, errnoOf, toFsError } from './fs-error.js';
import { nodeFsPort, type FsPort } from './fs-port.js';

/** Folders engram creates are private to the user (DESIGN.md, Storage). */
export const PRIVATE_DIR_MODE = 0o700;
/** Files engram creates or rewrites are private to the user. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes `dir` (under `root`) exist as a real folder, creating missing components 0700. A link
 * on the way is refused (containedPath), and so is one that appears between our check and our
 * mkdir. The root itself is created with its parents if missing: it is the folder the user chose.
 */
export const ensureDir = (root: string, dir: string, port: FsPort = nodeFsPort): string => {
  const base = resolve(root);
  const abs = containedPath(base, dir, port);
  try {
    mkdirSync(base, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (err) {
    throw toFsError(err, base, 'mkdir', 'nothing was written');
  }
  const rel = relative(base, abs);
  if (rel === '') return abs;
  let current = base;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    try {
      port.mkdir(current, PRIVATE_DIR_MODE);
    } catch (err) {
      if (errnoOf(err) !== 'EEXIST') throw toFsError(err, current, 'mkdir', 'nothing was written');
      const st = port.lstat(current);
      if (st?.isSymbolicLink === true) throw new FsError('symlink', current, 'mkdir', null, 'nothing was written');
      if (st !== null && !st.isDirectory) throw new FsError('not-a-file', current, 'mkdir', 'EEXIST', 'nothing was written', { detail: 'is not a folder' });
    }
  }
  return abs;
};
