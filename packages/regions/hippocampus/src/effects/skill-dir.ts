import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SkillLabelError } from '../skills/skill-label.js';

/** Is `path` strictly inside `root` (not the root itself, not beside it)? */
const strictlyInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/**
 * The folder of skill `name` (a label or a folder name read from the root), resolved and
 * checked to be a direct child of `root`: never the root itself, never outside it (anton.md
 * §15.24). Throws a SkillLabelError otherwise.
 */
export const skillDir = (root: string, name: string): string => {
  const base = resolve(root);
  const dir = resolve(join(base, name));
  if (name === '' || /[\0/\\]/.test(name) || !strictlyInside(base, dir) || relative(base, dir) !== name) throw new SkillLabelError(name, 'it does not name a folder directly inside the skills folder');
  return dir;
};

/**
 * Like `skillDir`, and also follows symbolic links: before writing into or removing an
 * existing folder, its real path must still be inside the root's real path.
 */
export const realSkillDir = (root: string, name: string): string => {
  const dir = skillDir(root, name);
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return dir; // does not exist yet: nothing to follow
  }
  if (!strictlyInside(realpathSync(resolve(root)), real)) throw new SkillLabelError(name, 'its folder is a link that leads outside the skills folder', 'outside-folder');
  return dir;
};
