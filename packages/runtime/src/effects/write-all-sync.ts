import { writeSync } from 'node:fs';

/** How long to wait before writing again to an output that is full for now (a non-blocking pipe whose reader is slow). */
const RETRY_MS = 1;

/**
 * Writes all of `text` to `fd` with system calls, not through `process.stdout`, whose stream
 * machinery costs a quick command ~3 ms of its start. Returns false when the reader left (EPIPE)
 * or there is no output (EBADF): the command then ends quietly, as every command does. Any other
 * failure (a full disk) throws: the caller says so and exits 1.
 */
export const writeAllSync = (fd: number, text: string): boolean => {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPIPE' || code === 'EBADF') return false;
      if (code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
  return true;
};
