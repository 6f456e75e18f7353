// The script `node --build-snapshot` runs to make one start-up snapshot of dist/snapshot/
// (scripts/build-snapshots.mjs starts it, once per hot command): it loads that command's bundle,
// runs the command a few times against a throwaway home and project so that the code it runs is
// compiled and its lazy modules and schemas are built, and leaves a heap from which bin/engram
// starts the command (docs/cli-startup.md, "Start-up snapshots").
// It runs inside the snapshot builder, where `require` reaches Node's own modules only.
//
// What a snapshot keeps is in every later start, so this script keeps out of it whatever is of
// this build rather than of the program: the environment, the working directory, stdin and the
// output streams are restored before the heap is taken, and two things that cannot be in a heap
// or must not be shared are handled by hand (each below). tests/cli/start-up-snapshots.e2e.test.ts
// runs the same command lines from the snapshots and from the launcher and compares what they did.
'use strict';
const { readFileSync } = require('node:fs');
const { Script, constants } = require('node:vm');
const { dirname } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Readable } = require('node:stream');
const crypto = require('node:crypto');
const Module = require('node:module');
const { createRequire, isBuiltin } = Module;
const v8 = require('node:v8');

/**
 * What to build, from build-snapshots.mjs: the bundle, whether it is the hook's (`hookFastPath`
 * of `engram hook` arguments) or a command's (`run` of a whole command line), the launcher (for
 * a hook command line the fast path does not take), the warm-up's environment and working
 * directory, and its steps: a command line, the stdin it reads, the exit it must give.
 */
const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));

// The bundle as the launcher runs it (bin/load-bundle.js, whose parameters these are): one
// function over its CommonJS text, its dynamic imports (bundle-cli writes each as a call of
// `__engramImport`) through the main context's loader, so that a command started from the snapshot
// imports the model stack or PostgreSQL from where they are installed, as a launched one does. A
// path relative to the bundle is taken from there, as bin/load-bundle.js's bundleImport does.
const { href: bundleUrl } = pathToFileURL(plan.bundle);
const importer = new Script('(specifier) => import(specifier)', { filename: plan.bundle, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER }).runInThisContext();
const engramImport = (specifier) => importer(/^\.\.?\//.test(specifier) ? new URL(specifier, bundleUrl).href : specifier);
const script = new Script(`(function (exports, require, module, __filename, __dirname, __engramImport) {${readFileSync(plan.bundle, 'utf8')}\n})`, { filename: plan.bundle });
const bundleModule = { exports: {} };
script.runInThisContext()(bundleModule.exports, createRequire(plan.bundle), bundleModule, plan.bundle, dirname(plan.bundle), engramImport);
/**
 * Runs one command line of this bundle: `hook NAME ...` through the hook's fast path (its payload
 * from `payload`, default stdin), anything else through `run`.
 */
const start = (args, payload) => (plan.hook ? bundleModule.exports.hookFastPath(args.slice(1), payload) : bundleModule.exports.run(args));

const warmUp = async () => {
  const env = { ...process.env };
  const cwd = process.cwd();
  const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
  const stderrWrite = process.stderr.write;
  const stdoutWrite = process.stdout.write;
  // crypto.randomUUID draws from a cache of random bytes filled on first use: filled here, every
  // command started from the snapshot would draw the same UUIDs (a new project's id among them).
  const randomUUID = crypto.randomUUID;
  const load = Module._load;
  const said = [];
  try {
    crypto.randomUUID = () => randomUUID({ disableEntropyCache: true });
    for (const key of Object.keys(process.env)) if (key.startsWith('ENGRAM_')) delete process.env[key];
    Object.assign(process.env, plan.env);
    process.chdir(plan.cwd);
    process.stdout.write = () => true;
    // Nothing is loaded from a file but JSON (a package.json read beside a module): a native
    // module (SQLite's) cannot be in a heap, and a JavaScript file run through Node's loader would
    // make Node refuse the snapshot at every start. The recall warm-up stops there, where SQLite
    // would load; a command started from the snapshot loads it then.
    Module._load = function (request, ...rest) {
      if (!isBuiltin(request) && !request.endsWith('.json')) throw new Error(`${request} is not loaded while a start-up snapshot is built`);
      return load.call(this, request, ...rest);
    };
    for (const step of plan.steps) {
      Object.defineProperty(process, 'stdin', { value: Readable.from([step.stdin ?? '']), configurable: true, writable: true });
      const stepSaid = [];
      process.stderr.write = (chunk) => (String(chunk) !== '' && stepSaid.push(String(chunk)), true);
      // A hook reads its payload from file descriptor 0, which stays the builder's: given here instead.
      const code = await start(step.args, () => Promise.resolve(step.stdin ?? ''));
      // A command may set the exit code as well as return it: not this build's exit.
      process.exitCode = undefined;
      const exit = step.exit ?? 0;
      // A step that is a usage error says so on stderr: only its exit is checked.
      if (code !== exit) said.push(`engram ${step.args.join(' ')} exited ${code}, not ${exit}: ${stepSaid.join('')}\n`);
      else if (exit === 0 && stepSaid.length > 0) said.push(`engram ${step.args.join(' ')}: ${stepSaid.join('')}`);
    }
  } finally {
    Module._load = load;
    // Where the warm-up found a package (better-sqlite3, for the recall warm-up): a reinstall may
    // move it, and a path kept in the heap would outlive that. Each start resolves again.
    for (const key of Object.keys(Module._pathCache)) delete Module._pathCache[key];
    crypto.randomUUID = randomUUID;
    process.stderr.write = stderrWrite;
    process.stdout.write = stdoutWrite;
    Object.defineProperty(process, 'stdin', stdin);
    process.chdir(cwd);
    for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
    Object.assign(process.env, env);
  }
  // A step that said anything (a dynamic import refused at build time, where Node allows none,
  // leaves a failed promise cached; a warning) would leave that state in every later start: no
  // snapshot rather than a different one.
  if (said.length > 0) throw new Error(`the warm-up did not run cleanly:\n${said.join('')}`);
};

// Signal listeners (proper-lockfile's, which release its locks on SIGINT/SIGTERM) hold a handle a
// heap cannot keep: taken out before the snapshot, put back first thing when a command starts.
let signalListeners = [];
warmUp().then(
  () => {
    signalListeners = process
      .eventNames()
      .filter((event) => typeof event === 'string' && event.startsWith('SIG'))
      .map((event) => [event, process.listeners(event)]);
    for (const [event] of signalListeners) process.removeAllListeners(event);
  },
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);

v8.startupSnapshot.setDeserializeMainFunction(() => {
  // bin/engram set NODE_EXTRA_CA_CERTS aside (this command opens no TLS connection): the user's
  // setting again for every process this one starts.
  const caCerts = process.env.ENGRAM_NODE_EXTRA_CA_CERTS;
  delete process.env.ENGRAM_NODE_EXTRA_CA_CERTS;
  if (caCerts && !process.env.NODE_EXTRA_CA_CERTS) process.env.NODE_EXTRA_CA_CERTS = caCerts;
  for (const [event, listeners] of signalListeners) for (const listener of listeners) process.on(event, listener);
  // argv as `node --snapshot-blob BLOB ARGS...` gives it: [node, ...ARGS].
  const args = process.argv.slice(1);
  start(args).then((code) => {
    if (code !== null) {
      process.exitCode = code;
      return;
    }
    // A hook command line the fast path does not take (`engram hook --help`): the whole CLI answers it.
    const r = require('node:child_process').spawnSync(process.execPath, [plan.launcher, ...args], { stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
  });
});
