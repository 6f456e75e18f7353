import { dirname } from 'node:path';
import { confirmOpenedAt } from './confirm-opened.js';
import { containedPath } from './contain-path.js';
import { PRIVATE_FILE_MODE, ensureDir } from './ensure-dir.js';
import { FsError, toFsError } from './fs-error.js';
import { O, nodeFsPort, type FsPort } from './fs-port.js';

/**
 * Makes `path` (under `root`) exist as a regular file private to the user: created 0600 if
 * missing, chmod-ed to 0600 if it was looser, refused if it is a link. For files another
 * library opens itself (the SQLite index: SQLite gives its -wal and -shm files the mode of the
 * database file, so making this one private makes them private too).
 */
export const makePrivateFile = (root: string, path: string, port: FsPort = nodeFsPort): string => {
  const abs = containedPath(root, path, port);
  ensureDir(root, dirname(abs), port);
  let fd: number;
  try {
    fd = port.open(abs, O.RDWR | O.CREAT | O.NOFOLLOW, PRIVATE_FILE_MODE);
  } catch (err) {
    throw toFsError(err, abs, 'open', 'nothing was changed');
  }
  confirmOpenedAt(port, fd, root, abs, 'open', 'nothing was changed');
  try {
    const st = port.fstat(fd);
    if (!st.isFile) throw new FsError('not-a-file', abs, 'open', null, 'nothing was changed');
    if ((st.mode & 0o777) !== PRIVATE_FILE_MODE) port.fchmod(fd, PRIVATE_FILE_MODE);
  } catch (err) {
    throw toFsError(err, abs, 'chmod', 'nothing was changed');
  } finally {
    port.close(fd);
  }
  return abs;
};
