// The loader hooks behind record-loads.mjs: one line per resolved import, `<module url>\t<importer url>`,
// so a test can name the import that pulled a module in.
import { appendFileSync } from 'node:fs';

let out = '';

export const initialize = (data) => {
  out = data.out;
};

export const resolve = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(out, `${resolved.url}\t${context.parentURL ?? ''}\n`);
  return resolved;
};
