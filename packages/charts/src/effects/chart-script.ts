import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHART_CLIENT } from '../chart-client.js';

const require = createRequire(import.meta.url);

/** A file of an installed package, found from its entry point, so the package's `exports` need not list it. */
const packageFile = (entry: string, entryToRoot: number, file: string): string => {
  let dir = dirname(entry);
  for (let i = 0; i < entryToRoot; i += 1) dir = dirname(dir);
  return join(dir, file);
};

/** Text that cannot end the inline script it is put in (or start a comment that hides its end). */
const scriptSafe = (js: string): string => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

let cached: string | undefined;

/**
 * d3, Observable Plot (their minified UMD builds, read from node_modules: nothing is copied into
 * the repository) and `engramChart`, as the text of one inline `<script>`. About 490 KB; read
 * once per process.
 */
export const chartScript = (): string => {
  cached ??= [
    // d3's entry is dist/d3.mjs; Plot's is src/index.js.
    readFileSync(packageFile(require.resolve('d3'), 0, 'd3.min.js'), 'utf8'),
    readFileSync(packageFile(require.resolve('@observablehq/plot'), 1, 'dist/plot.umd.min.js'), 'utf8'),
    CHART_CLIENT,
  ]
    .map(scriptSafe)
    .join('\n;\n');
  return cached;
};
