// `npm run build` (apps/cli's build, after `tsc -b`): bundles the CLI's start-up path and its hot
// commands into dist/bundle/ (esbuild, ESM, code splitting), so that a hook or `engram memory
// show` reads a handful of files instead of resolving and compiling hundreds of modules
// (docs/cli-startup.md). The bundle is built from the compiled JavaScript in dist/ and the
// workspace packages' dist/, so it holds exactly the code `tsc` emitted.
//
// What stays outside the bundle, loaded from its own file as before:
// - every command implementation a bundle does not hold (a dynamic import of apps/cli/dist/<dir>/run-*.js or
//   any other module the launcher never routes to the bundle): the bundle imports the original
//   file, so a command the bundle does not cover runs the same code as before;
// - native or driver packages (better-sqlite3, pg): required from the package that depends on them.
// `import.meta.url` / `dirname` / `filename` in a bundled module keep naming the module's original
// file, so a package that reads a file beside itself (its package.json, a preset it resolves)
// still finds it, in the workspace and in an installed package alike.
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(CLI, 'dist');
const OUT = join(DIST, 'bundle');
const ROOT = join(CLI, '..', '..');

/**
 * One bundle per hot command, each tree-shaken for that command alone (one shared bundle would
 * load, for `memory show`, the parts of the runtime that only a hook uses): its entry in dist/ and
 * the command implementations it holds. The launcher (bin/engram.js) routes exactly these commands
 * to dist/bundle/<name>/.
 */
const BUNDLES = {
  hook: { entry: 'hook/hook-fast-path.js', hot: ['hook/run-hook.js'] },
  // The served-hook client alone (bin/engram starts it when the home's engram serve has a socket):
  // a program, not a library, and a few kB, since it holds none of the runtime.
  'hook-client': { entry: 'hook/hook-client-main.js', hot: [], program: true },
  // `memory show|list|context` on the files (the memory-quick snapshot, which bin/engram starts
  // when no store and no embedder is set): the memory files' store and the block's pure functions,
  // no runtime and no zod.
  'memory-quick': { entry: 'memory/quick-memory-entry.js', hot: [] },
  'memory-show': { entry: 'main.js', hot: ['memory/run-memory-show.js'] },
  'memory-add': { entry: 'main.js', hot: ['memory/run-memory-add.js'] },
  'memory-context': { entry: 'main.js', hot: ['memory/run-memory-context.js'] },
  recall: { entry: 'main.js', hot: ['recall/run-recall.js'] },
  // Every other command (`log`, `memory stats`, `skills`, `view`, `serve`, `chat`...): the whole CLI
  // in one file, each command's implementation and everything it imports (the model stack too)
  // initialised only when its dynamic import runs, so no module is loaded twice (a second copy
  // from dist/ would have classes of its own).
  main: { entry: 'main.js', hot: 'all' },
};

/**
 * Packages a bundle imports from where they are installed when a dynamic import asks for them:
 * the model stack (Effect, the model SDKs), which the bundled commands never run (a hook or a
 * memory command calls no model; tests/runtime-lazy). @engram/cli depends on each directly.
 */
const LAZY = new Set(['@engram/llm']);

/** Packages loaded from where they are installed, never bundled: native code, or a driver with optional native parts. */
const EXTERNAL = new Set(['better-sqlite3', 'pg']);

/**
 * The default export of an EXTERNAL package as the bundle sees it: a stand-in that requires the
 * package the first time it is used (`new Database(...)`, `pg.Pool`, `instanceof`), so that a
 * command that never opens SQLite or PostgreSQL does not load them (better-sqlite3's native
 * module took a hook 20-30 ms of a loaded machine). engram uses each through its default export only; a
 * package that cannot load now fails where it is first used, not when the bundle starts.
 */
const NATIVE_ON_FIRST_USE = `const __engramOnFirstUse = (load) => {
  let loaded;
  const real = () => (loaded ??= load());
  const stand = new Proxy(function () {}, {
    get: (_t, key) => Reflect.get(real(), key),
    has: (_t, key) => Reflect.has(real(), key),
    set: (_t, key, value) => Reflect.set(real(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    apply: (_t, self, args) => Reflect.apply(real(), self, args),
    construct: (_t, args, newTarget) => Reflect.construct(real(), args, newTarget === stand ? real() : newTarget),
  });
  return stand;
};`;

const toPosix = (p) => p.split(sep).join('/');

/** The folder of the package.json that holds `file`, and that package's name. */
const packageOf = (file) => {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (typeof pkg.name === 'string') return { dir, name: pkg.name, pkg };
    } catch {
      // no package.json here: keep walking up
    }
  }
  throw new Error(`bundle-cli: no package.json above ${file}`);
};

/** Workspace package name -> its folder, from the packages the CLI depends on (transitively). */
const workspace = new Map();
const visit = (dir) => {
  const { name, pkg } = packageOf(join(dir, 'package.json'));
  if (workspace.has(name)) return;
  workspace.set(name, { dir, deps: Object.keys(pkg.dependencies ?? {}) });
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!dep.startsWith('@engram/')) continue;
    visit(join(dir, 'node_modules', dep)); // pnpm links each workspace dependency there
  }
};
visit(CLI);

/**
 * How the bundle finds package `name` at run time: the chain of package names to resolve, one
 * from the other, starting from @engram/cli (an installed package sees only its own dependencies).
 */
const chainTo = (name) => {
  const queue = [['@engram/cli']];
  const seen = new Set(['@engram/cli']);
  while (queue.length > 0) {
    const path = queue.shift();
    if (path.at(-1) === name) return path.slice(1);
    for (const dep of workspace.get(path.at(-1))?.deps ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      queue.push([...path, dep]);
    }
  }
  throw new Error(`bundle-cli: ${name} is not a dependency of @engram/cli`);
};

/** A JavaScript expression for the original URL of `file` (a module of the CLI or of a package it depends on). */
const originOf = (file, out) => {
  const { dir, name, pkg } = packageOf(file);
  if (name === '@engram/cli') return `__engramOrigin([], ${JSON.stringify(toPosix(relative(out, file)))})`;
  const main = pkg.publishConfig?.exports?.['.']?.default ?? pkg.exports?.['.']?.default ?? pkg.main;
  if (typeof main !== 'string') throw new Error(`bundle-cli: ${name} has no main entry to find it by`);
  const rel = toPosix(relative(dirname(join(dir, main)), file));
  return `__engramOrigin(${JSON.stringify(chainTo(name))}, ${JSON.stringify(rel.startsWith('.') ? rel : `./${rel}`)})`;
};

/** The one helper the rewritten modules call: resolves a package chain from the bundle, then a file beside the package's main entry. */
const ORIGIN_HELPER = `import { createRequire as __engramCreateRequire } from 'node:module';
import { pathToFileURL as __engramPathToFileURL } from 'node:url';
export const __engramOrigin = (chain, rel) => {
  let url = __engramPathToFileURL(__filename).href;
  for (const name of chain) url = __engramPathToFileURL(__engramCreateRequire(url).resolve(name)).href;
  return new URL(rel, url).href;
};
`;

/**
 * Dynamic imports in a package's module that a bundled command runs, so they stay in the bundle:
 * the in-process hook (@engram/serve/client falls back to the runtime and the Claude Code
 * adapter), and PostgreSQL when a store is set (its errors are matched with instanceof against
 * the bundle's own classes, which a second copy loaded from dist/ would not be). Every other
 * dynamic import of an engram module (the model stack, the learning that calls a model, the demo)
 * is left to run time (coldImports).
 */
const RUN_BY_HOT_COMMANDS = new Set(['@engram/runtime', '@engram/runtime/store-settings', '@engram/claude-code/run-hook', '@engram/store-postgres', './effects/postgres-brain-stores.js']);

/**
 * The dynamic imports of engram modules in `source` (module `file`) that no bundled command runs,
 * each as [the `import('...')` text, an expression for the imported file's original URL].
 */
const coldImports = async (b, file, source, out) => {
  const found = [];
  for (const [literal, , specifier] of source.matchAll(/import\((['"])([^'"]+)\1\)/g)) {
    if (RUN_BY_HOT_COMMANDS.has(specifier)) continue;
    const r = await b.resolve(specifier, { kind: 'dynamic-import', importer: file, resolveDir: dirname(file), pluginData: { inner: true } });
    if (r.errors.length > 0 || r.external || r.namespace !== 'file' || !r.path.startsWith(ROOT) || r.path.includes(`${sep}node_modules${sep}`)) continue;
    found.push([literal, originOf(r.path, out)]);
  }
  return found;
};

/** The plugin that builds the bundle in `out` holding the command implementations `hot`. */
const hotPath = (out, hot) => ({
  name: 'engram-hot-path',
  setup(b) {
    b.onResolve({ filter: /^engram-origin$/ }, () => ({ path: 'engram-origin', namespace: 'engram-origin' }));
    b.onLoad({ filter: /.*/, namespace: 'engram-origin' }, () => ({ contents: ORIGIN_HELPER, loader: 'js', resolveDir: out }));

    // A cold command implementation: imported from its own file in dist/, as before; and what a
    // command's registration imports by package name when it runs (apps/cli/dist/commands/).
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.startsWith(DIST)) return undefined;
      if (!/^\.\.?\//.test(args.path)) return hot !== 'all' && args.importer.startsWith(join(DIST, 'commands')) ? { path: args.path, external: true } : undefined;
      const target = join(dirname(args.importer), args.path);
      if (hot === 'all' || hot.includes(toPosix(relative(DIST, target)))) return undefined;
      return { path: toPosix(relative(out, target)), external: true };
    });

    b.onResolve({ filter: /^@engram\// }, (args) => (hot !== 'all' && args.kind === 'dynamic-import' && LAZY.has(args.path) ? { path: args.path, external: true } : undefined));

    // zod's error messages in every language (`z.locales`, about 260 kB of a 1.5 MB bundle, and
    // initialised at load as the namespace's modules are): engram reads none but English, which
    // zod registers itself (its schemas module imports locales/en.js directly). In the bundles the
    // namespace holds `en` alone; from dist/ it is whole.
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), args.path), namespace: 'engram-zod-locales' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'engram-zod-locales' }, (args) => ({ contents: "export { default as en } from './en.js';\n", loader: 'js', resolveDir: dirname(args.path) }));

    // graceful-fs, as proper-lockfile requires it: engram's lock hands proper-lockfile a file system
    // of its own (@engram/fs withLock), so graceful-fs only cost start-up (it clones and patches
    // `fs` when loaded, about 3% of a hook). In the bundles proper-lockfile gets `node:fs`.
    b.onResolve({ filter: /^graceful-fs$/ }, (args) => (/[\\/]proper-lockfile[\\/]/.test(args.importer) ? { path: 'graceful-fs', namespace: 'engram-plain-fs' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'engram-plain-fs' }, () => ({ contents: "module.exports = require('node:fs');\n", loader: 'js' }));

    // better-sqlite3, pg: required from the package that imports them, where they are installed,
    // when first used (NATIVE_ON_FIRST_USE): a hook that never opens the episode index does not
    // load SQLite's native module.
    b.onResolve({ filter: /.*/ }, (args) => {
      if (!EXTERNAL.has(args.path) || args.namespace === 'engram-native') return undefined;
      return { path: args.importer, namespace: 'engram-native', pluginData: { name: args.path } };
    });
    b.onLoad({ filter: /.*/, namespace: 'engram-native' }, (args) => ({
      contents: `import { createRequire } from 'node:module';\nimport { __engramOrigin } from 'engram-origin';\n${NATIVE_ON_FIRST_USE}\nexport default __engramOnFirstUse(() => createRequire(${originOf(args.path, out)})(${JSON.stringify(args.pluginData.name)}));\n`,
      loader: 'js',
      resolveDir: out,
    }));

    // rxjs as ES modules (its "node" condition names the CommonJS build, which cannot be
    // tree-shaken): the bus uses a few operators, not the library.
    b.onResolve({ filter: /^rxjs$/ }, (args) => ({ path: createRequire(args.importer).resolve('rxjs').replace(`${sep}dist${sep}cjs${sep}`, `${sep}dist${sep}esm${sep}`) }));

    // engram's own modules have no import-time effects another module relies on (none is imported
    // for its effects alone): a module none of whose exports the path uses is left out.
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.inner === true || args.namespace !== 'file' || args.kind === 'entry-point') return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { inner: true } });
      if (r.errors.length > 0 || r.external || r.namespace !== 'file' || r.path.includes(`${sep}node_modules${sep}`) || !r.path.startsWith(ROOT)) return undefined;
      return { path: r.path, sideEffects: false };
    });

    // import.meta.* in a bundled module: its original file. And a dynamic import in a package's
    // module that the hot commands never run (the model stack, PostgreSQL, learning after a turn):
    // imported from its original file when it does run, so its code is neither read nor compiled
    // at every start.
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      const original = readFileSync(args.path, 'utf8');
      const cold = hot !== 'all' && args.path.startsWith(ROOT) && !args.path.startsWith(DIST) && !args.path.includes(`${sep}node_modules${sep}`) ? await coldImports(b, args.path, original, out) : [];
      const source = cold.reduce((text, [literal, url]) => text.replaceAll(literal, `__engramImport(${url})`), original);
      if (cold.length === 0 && !/import\.meta\.(url|dirname|filename)/.test(source)) return undefined;
      const url = originOf(args.path, out);
      const contents = source
        .replaceAll('import.meta.url', `(${url})`)
        .replaceAll('import.meta.dirname', `(__engramDirname(${url}))`)
        .replaceAll('import.meta.filename', `(__engramFileURLToPath(${url}))`);
      const imports = `import { __engramOrigin } from 'engram-origin';\nimport { fileURLToPath as __engramFileURLToPath } from 'node:url';\nimport { dirname as __engramDirnameOf } from 'node:path';\nconst __engramDirname = (u) => __engramDirnameOf(__engramFileURLToPath(u));\n`;
      return { contents: `${imports}${contents}`, loader: 'js' };
    });
  },
});

/**
 * The dynamic imports esbuild leaves in a bundle (a command implementation the bundle does not
 * hold, `../../log/log-stats.js`; a package, `@engram/llm`), as calls of `__engramImport`, the
 * parameter bin/load-bundle.js (and scripts/snapshot-entry.cjs) runs a bundle with: in Node 20 an
 * `import()` in code that V8 read back from the launcher's code cache fails ("A dynamic import
 * callback was not specified"). The cold imports of packages' modules are written so at their
 * source (coldImports). A bundle run as a program (`program: true`) keeps `import()`: Node loads it.
 */
const EMITTED_IMPORT = /(?<![\w$.])import\((?=["'](?:\.\.?\/|@engram\/))/g;

/** An `import(` EMITTED_IMPORT left, unless it opens quoted code in a library's message (`` `import('node:buffer').File` ``). */
const LEFT_IMPORT = /(?<![\w$.`])import\(/g;

const rewriteImports = (file, program) => {
  const text = readFileSync(file, 'utf8');
  if (program) {
    if (text.includes('__engramImport(')) throw new Error(`bundle-cli: ${relative(ROOT, file)} is run as a program, where nothing passes __engramImport: keep its imports static`);
    return;
  }
  const rewritten = text.replace(EMITTED_IMPORT, '__engramImport(');
  const left = [...rewritten.matchAll(LEFT_IMPORT)].map((m) => rewritten.slice(m.index, m.index + 60));
  if (left.length > 0) throw new Error(`bundle-cli: ${relative(ROOT, file)} holds an import() that would fail from the code cache: ${left.join(' | ')}`);
  writeFileSync(file, rewritten);
};

/**
 * Refuses a bundle with a character outside ASCII. esbuild escapes them in strings but not in a
 * regular expression or a `String.raw` template, and one such character makes V8 hold the whole
 * bundle's source as two bytes a character: 1.5 MB instead of 0.7 MB in every hook's start-up
 * snapshot (scripts/snapshot-hook.mjs) and in every launch. Write it as `\uXXXX` in the source.
 */
const asciiOnly = (file) => {
  const text = readFileSync(file, 'utf8');
  const at = text.search(/[\u0080-\uffff]/);
  if (at < 0) return;
  const line = text.slice(0, at).split('\n').length;
  throw new Error(`bundle-cli: ${relative(ROOT, file)} line ${line} holds ${JSON.stringify(text[at])} (U+${text.codePointAt(at).toString(16).toUpperCase().padStart(4, '0')}) in ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}: write it as \\u${text.codePointAt(at).toString(16).padStart(4, '0')} in its source, so that the bundle stays ASCII`);
};

rmSync(OUT, { recursive: true, force: true });
const holds = {};
const repoPath = (input) => toPosix(relative(ROOT, join(process.cwd(), input.replace(/^[\w-]+:/, ''))));
for (const [name, { entry, hot, program = false }] of Object.entries(BUNDLES)) {
  const out = join(OUT, name);
  const result = await build({
    entryPoints: { [basename(entry, '.js')]: join(DIST, entry) },
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    // Smaller files read faster on every start. Names are kept only in `main` (every command, the
    // model stack's libraries among them): in a hot bundle, keeping them set the name of each of
    // its thousands of functions at start-up (about 5% of a hook), and engram's own errors take
    // their names from their tags, not their classes.
    minify: true,
    keepNames: hot === 'all',
    platform: 'node',
    target: 'node20',
    outdir: out,
    metafile: true,
    logLevel: 'warning',
    plugins: [hotPath(out, hot)],
  });
  for (const [file, o] of Object.entries(result.metafile.outputs)) {
    holds[toPosix(relative(OUT, join(process.cwd(), file)))] = [...new Set(Object.keys(o.inputs).map(repoPath))].sort();
    if (!file.endsWith('.cjs')) continue;
    rewriteImports(join(process.cwd(), file), program);
    asciiOnly(join(process.cwd(), file));
  }
}
// Which modules each output file holds, by their path in the repository (tests/runtime-lazy
// checks what the hook path loads through the bundle). Not published (package.json "files").
writeFileSync(join(DIST, 'bundle-inputs.json'), `${JSON.stringify(holds, null, 1)}\n`);
// What the bundles were built from, written last: the launcher leaves the bundles when one of these
// is newer than this file (a `tsc -b` run since) and runs dist/. An installed package has none of them.
const builtFrom = [...workspace.values()].map(({ dir }) => toPosix(relative(OUT, join(realpathSync(dir), 'dist', '.tsbuildinfo'))));
writeFileSync(join(OUT, 'built-from.json'), `${JSON.stringify(builtFrom)}\n`);
