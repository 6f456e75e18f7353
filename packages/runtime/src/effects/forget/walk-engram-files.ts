import { lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every regular file under `dir`, depth first, sorted; links are never followed (a link is
 * listed in `links`, so the report can say what it did not enter), and folders in `skip` (the
 * project folder, when it lies inside the home) are left out.
 */
export const walkEngramFiles = (dir: string, skip: ReadonlySet<string> = new Set()): { files: string[]; links: string[] } => {
  const files: string[] = [];
  const links: string[] = [];
  const visit = (d: string): void => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      const p = join(d, name);
      if (skip.has(resolve(p))) continue;
      const st = lstatSync(p, { throwIfNoEntry: false });
      if (st === undefined) continue;
      if (st.isSymbolicLink()) links.push(p);
      else if (st.isDirectory()) visit(p);
      else if (st.isFile()) files.push(p);
    }
  };
  visit(dir);
  return { files, links };
};
