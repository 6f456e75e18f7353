import { FsError } from './fs-error.js';
import type { FsPort } from './fs-port.js';

/**
 * Writes every byte of `data`, looping over short writes (a nearly full disk accepts part of a
 * buffer and reports the rest only on the next call). A call that accepts nothing is an error:
 * retrying it would spin, and reporting success would be a lie.
 */
export const writeAll = (port: FsPort, fd: number, data: Uint8Array, path: string): void => {
  let offset = 0;
  while (offset < data.length) {
    const n = port.write(fd, data, offset, data.length - offset);
    if (n <= 0)
      throw new FsError('short-write', path, 'write', null, '', {
        detail: `the system accepted ${offset} of ${data.length} bytes and then none`,
      });
    offset += n;
  }
};
