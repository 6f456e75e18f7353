import { containedPath } from './contain-path.js';
import { FsError, errnoOf, toFsError } from './fs-error.js';
import { nodeFsPort, type FsPort } from './fs-port.js';

/**
 * Deletes the file `path` under `root`; false when it was not there. A link (the file or any
 * folder above it under `root`) is refused rather than removed or followed, so a linked
 * folder in a cloned project can never steer a delete outside it.
 */
export const removeContained = (root: string, path: string, port: FsPort = nodeFsPort): boolean => {
  const abs = containedPath(root, path, port);
  const st = port.lstat(abs);
  if (st === null) return false;
  if (!st.isFile) throw new FsError('not-a-file', abs, 'unlink', null, 'nothing was deleted');
  try {
    port.unlink(abs);
    return true;
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return false;
    throw toFsError(err, abs, 'unlink', 'nothing was deleted');
  }
};

/**
 * The names in folder `dir` under `root` ([] when it does not exist); the folder and everything
 * above it under `root` must be real folders, not links.
 */
export const listContained = (root: string, dir: string, port: FsPort = nodeFsPort): string[] => {
  const abs = containedPath(root, dir, port);
  const st = port.lstat(abs);
  if (st === null) return [];
  if (!st.isDirectory)
    throw new FsError('not-a-file', abs, 'read', null, 'nothing was read', {
      detail: 'is not a folder',
    });
  try {
    return port.readdir(abs);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return [];
    throw toFsError(err, abs, 'read', 'nothing was read');
  }
};
