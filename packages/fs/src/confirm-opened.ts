import { join, relative, resolve } from 'node:path';
import { FsError } from './fs-error.js';
import type { FsOperation } from './fs-error.js';
import type { FsPort } from './fs-port.js';

/** What /proc shows after a link's target when the file was unlinked or replaced since the open (a concurrent atomic write). */
const DELETED = ' (deleted)';

/**
 * Closes the check-then-open window for the folders above a file. `containedPath` checks every
 * folder with lstat and O_NOFOLLOW guards the file itself, but a folder swapped for a link
 * between that check and the open would be followed. After the open, the path the kernel holds
 * for the descriptor (`/proc/self/fd/N` on Linux) must be the file's own path under the real
 * root; otherwise the descriptor is closed and the open refused, naming where it led. Where the
 * platform cannot tell (`fdPath` null: macOS, Windows) the window stays, and docs/fs.md says so.
 */
export const confirmOpenedAt = (port: FsPort, fd: number, root: string, abs: string, op: FsOperation, outcome: string): void => {
  const held = port.fdPath(fd);
  if (held === null) return;
  let expected: string;
  try {
    expected = join(port.realpath(root), relative(resolve(root), abs));
  } catch {
    // The root vanished after the open: the file's place cannot be proved.
    expected = '';
  }
  if (held === expected || held === expected + DELETED) return;
  try {
    port.close(fd);
  } catch {
    // Refusing is what matters; a failed close leaks one descriptor.
  }
  throw new FsError('symlink', abs, op, null, outcome, { detail: `was reached through a link swapped in after it was checked (the open led to ${held})` });
};
