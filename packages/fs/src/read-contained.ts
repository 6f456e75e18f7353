import { confirmOpenedAt } from './confirm-opened.js';
import { checkedPath } from './contain-path.js';
import { FsError, errnoOf, toFsError } from './fs-error.js';
import { O, nodeFsPort, type FsPort } from './fs-port.js';

/** Read size per call. */
const CHUNK = 64 * 1024;

/**
 * The bytes of `path` (under `root`), or null when it does not exist. Used for everything that
 * reaches a prompt: the file is opened with O_NOFOLLOW after every folder above it was checked,
 * and where it was opened is confirmed afterwards (`confirmOpenedAt`), so a linked memory file in a cloned project cannot pull another file's lines into the prompt.
 */
export const readContained = (root: string, path: string, port: FsPort = nodeFsPort): Buffer | null => {
  const { abs, missing } = checkedPath(root, path, port);
  if (missing) return null;
  let fd: number;
  try {
    fd = port.open(abs, O.RDONLY | O.NOFOLLOW, 0);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return null;
    throw toFsError(err, abs, 'open', 'nothing was read');
  }
  confirmOpenedAt(port, fd, root, abs, 'open', 'nothing was read');
  try {
    const st = port.fstat(fd);
    if (!st.isFile) throw new FsError('not-a-file', abs, 'read', null, 'nothing was read');
    const chunks: Buffer[] = [];
    let position = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.max(CHUNK, st.size - position + 1));
      const n = port.read(fd, buf, 0, buf.length, position);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      position += n;
    }
    return Buffer.concat(chunks);
  } catch (err) {
    throw toFsError(err, abs, 'read', 'nothing was read');
  } finally {
    port.close(fd);
  }
};

/** `readContained` as UTF-8 text (a leading BOM is dropped, as TextDecoder does). */
export const readTextContained = (root: string, path: string, port: FsPort = nodeFsPort): string | null => {
  const bytes = readContained(root, path, port);
  return bytes === null ? null : new TextDecoder('utf-8').decode(bytes);
};
