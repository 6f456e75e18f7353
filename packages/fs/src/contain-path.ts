import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FsError, toFsError } from './fs-error.js';
import { nodeFsPort, type FsPort } from './fs-port.js';

const REFUSED = 'nothing was read, written or deleted';

/**
 * Resolves `path` against `root` and proves it safe to use: it must lie under `root`, and no
 * component between `root` and it (the file itself included) may be a symbolic link. `root` is
 * the trusted folder the user chose (`$ENGRAM_HOME`, or the project folder that holds
 * `.engram`); anything below it may have come from a cloned repository, so a link there could
 * point anywhere (another project, ~/.ssh) and is refused, naming the link. Components that do
 * not exist yet are fine: whoever creates them creates real folders.
 */
export const containedPath = (root: string, path: string, port: FsPort = nodeFsPort): string => checkedPath(root, path, port).abs;

/**
 * `containedPath`, also telling whether the walk found a component missing (then the path does
 * not exist, and a reader need not open it to learn so: a failed open costs an exception).
 */
export const checkedPath = (root: string, path: string, port: FsPort = nodeFsPort): { readonly abs: string; readonly missing: boolean } => {
  const base = resolve(root);
  const abs = resolve(base, path);
  const rel = relative(base, abs);
  if (rel === '') return { abs, missing: false };
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw new FsError('outside-root', abs, 'resolve', null, REFUSED, {
      detail: `is outside ${base}`,
    });
  let current = base;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    let st;
    try {
      st = port.lstat(current);
    } catch (err) {
      throw toFsError(err, current, 'stat', REFUSED);
    }
    if (st === null) return { abs, missing: true };
    if (st.isSymbolicLink) throw new FsError('symlink', current, 'resolve', null, REFUSED);
  }
  return { abs, missing: false };
};

/** True when `path` lies under `root` (or is it); no file system access. */
export const isUnder = (root: string, path: string): boolean => {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
};
