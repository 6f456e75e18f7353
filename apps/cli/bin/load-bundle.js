// How bin/engram.js runs a bundle of dist/bundle/ (apps/cli/scripts/bundle-cli.mjs): one function
// over the bundle's CommonJS text, compiled with V8's code cache kept beside the file.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/**
 * The parameters of the function a bundle's text is the body of: CommonJS's five, and the
 * `import()` the bundle's dynamic imports call (bundle-cli writes each as `__engramImport(...)`).
 * scripts/snapshot-entry.cjs wraps the bundles of the start-up snapshots the same way.
 */
const BUNDLE_PARAMETERS = 'exports, require, module, __filename, __dirname, __engramImport';

/**
 * The bundle's `import()`: a path relative to the bundle's file (`../../log/log-stats.js`) is taken
 * from there, a package name (`@engram/llm`) from this package, as the bundle's folder would.
 * Made here, in an ES module, because a function that V8 read back from a code cache has no
 * dynamic-import callback in Node 20: an `import()` left in the bundle fails there with "A dynamic
 * import callback was not specified", whatever `importModuleDynamically` the script was given.
 */
const bundleImport =
  (file) =>
  (specifier) =>
    import(/^\.\.?\//.test(specifier) ? new URL(specifier, pathToFileURL(file)).href : specifier);

/**
 * Runs the bundle in `file` and returns its exports. Node 20 keeps no compiled code between runs,
 * so this does: V8's code cache for the file is kept beside it (written once per Node version,
 * after the first run, best effort: a read-only install just compiles each time), and compiling
 * most of the bundle becomes reading it back.
 */
export const loadBundle = (file) => {
  const cacheFile = `${file}.${process.version}-${process.arch}.cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // No importModuleDynamically: an `import()` that bundle-cli did not rewrite then fails at every
  // run, not only once the code cache is written.
  const script = new Script(`(function (${BUNDLE_PARAMETERS}) {${readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true)
    // At exit: the cache then holds every function this run compiled, not only the top level.
    process.once('exit', () => {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData(), { flag: 'wx' });
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, { force: true });
      }
    });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), bundleImport(file));
  return module.exports;
};
