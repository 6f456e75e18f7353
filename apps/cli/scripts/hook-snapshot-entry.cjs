// The script `node --build-snapshot` runs to make dist/snapshot/hook.blob (scripts/snapshot-hook.mjs
// starts it): it loads the hook bundle, runs one turn's hooks against a throwaway home so that
// their code is compiled and their lazy modules and schemas are built, and leaves a heap from
// which `bin/engram-hook` starts a hook in about 60% of the launcher's time (docs/cli-startup.md).
// It runs inside the snapshot builder, where `require` reaches Node's own modules only.
//
// What a snapshot keeps is every later hook's start, so this script keeps out of it whatever is
// of this build rather than of the program: the environment, the working directory, stdin and the
// throwaway home are restored or removed before the heap is taken, and two things that cannot be
// in a heap or must not be shared are handled by hand (each below). test/hook-snapshot.e2e.test.ts
// runs the same turns through the snapshot and the launcher and compares what they wrote.
'use strict';
const { mkdtempSync, readFileSync, rmSync, mkdirSync } = require('node:fs');
const { Script, constants } = require('node:vm');
const { join, dirname } = require('node:path');
const { tmpdir } = require('node:os');
const { Readable } = require('node:stream');
const crypto = require('node:crypto');
const { createRequire } = require('node:module');
const v8 = require('node:v8');

const [bundle, launcher] = process.argv.slice(2);
if (bundle === undefined || launcher === undefined) throw new Error('usage: node --build-snapshot hook-snapshot-entry.cjs BUNDLE LAUNCHER');

// The bundle as the launcher runs it (bin/engram.js loadBundle): one function over its CommonJS
// text, dynamic imports through the main context's loader, so that a hook started from the
// snapshot imports the model stack or PostgreSQL from where they are installed, as a launched one does.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, {
  filename: bundle,
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const hookModule = { exports: {} };
script.runInThisContext()(hookModule.exports, createRequire(bundle), hookModule, bundle, dirname(bundle));
const { hookFastPath } = hookModule.exports;

/** One turn: a session opens, a prompt, a tool call that fails, the same call again (now with a lesson to show), the turn ends. */
const warmUpTurn = (project) => {
  const common = { session_id: 'snapshot-warm-up', transcript_path: join(project, 'transcript.jsonl'), cwd: project, permission_mode: 'default' };
  const call = { tool_name: 'Bash', tool_input: { command: 'npm run build' } };
  const failed = { stdout: '', stderr: 'sh: tsc: command not found', exit_code: 127 };
  return [
    ['session-start', { hook_event_name: 'SessionStart', source: 'startup' }],
    ['user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'Build the project.' }],
    ['pre-tool-use', { hook_event_name: 'PreToolUse', ...call, tool_use_id: 'toolu_warm_1' }],
    ['post-tool-use', { hook_event_name: 'PostToolUse', ...call, tool_use_id: 'toolu_warm_1', tool_response: failed }],
    ['pre-tool-use', { hook_event_name: 'PreToolUse', ...call, tool_use_id: 'toolu_warm_2' }],
    ['post-tool-use', { hook_event_name: 'PostToolUse', ...call, tool_use_id: 'toolu_warm_2', tool_response: failed }],
    ['stop', { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'It does not build.' }],
  ].map(([name, payload]) => [name, JSON.stringify({ ...common, ...payload })]);
};

const warmUp = async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'engram-hook-snapshot-'));
  const project = join(scratch, 'project');
  mkdirSync(project);
  const env = { ...process.env };
  const cwd = process.cwd();
  const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
  const stderrWrite = process.stderr.write;
  const stdoutWrite = process.stdout.write;
  // crypto.randomUUID draws from a cache of random bytes filled on first use: filled here, every
  // hook started from the snapshot would draw the same UUIDs (a new project's id among them).
  const randomUUID = crypto.randomUUID;
  const said = [];
  try {
    crypto.randomUUID = () => randomUUID({ disableEntropyCache: true });
    for (const key of Object.keys(process.env)) if (key.startsWith('ENGRAM_')) delete process.env[key];
    Object.assign(process.env, { ENGRAM_HOME: join(scratch, 'home'), ENGRAM_SERVE: '0' });
    process.chdir(project);
    process.stderr.write = (chunk) => (said.push(String(chunk)), true);
    process.stdout.write = () => true;
    for (const [name, payload] of warmUpTurn(project)) {
      Object.defineProperty(process, 'stdin', { value: Readable.from([payload]), configurable: true, writable: true });
      const code = await hookFastPath([name]);
      if (code !== 0) said.push(`hook ${name} exited ${code}`);
    }
  } finally {
    crypto.randomUUID = randomUUID;
    process.stderr.write = stderrWrite;
    process.stdout.write = stdoutWrite;
    Object.defineProperty(process, 'stdin', stdin);
    process.chdir(cwd);
    for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
    Object.assign(process.env, env);
    rmSync(scratch, { recursive: true, force: true });
  }
  // A hook that said anything (a dynamic import refused at build time, a warning) would leave
  // that state in every later hook: no snapshot rather than a different one.
  if (said.length > 0) throw new Error(`the warm-up turn did not run cleanly:\n${said.join('')}`);
};

// Signal listeners (proper-lockfile's, which release its locks on SIGINT/SIGTERM) hold a handle a
// heap cannot keep: taken out before the snapshot, put back first thing when a hook starts.
let signalListeners = [];
warmUp().then(() => {
  signalListeners = process.eventNames().filter((event) => typeof event === 'string' && event.startsWith('SIG')).map((event) => [event, process.listeners(event)]);
  for (const [event] of signalListeners) process.removeAllListeners(event);
}, (error) => {
  process.stderr.write(`hook snapshot: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

v8.startupSnapshot.setDeserializeMainFunction(() => {
  for (const [event, listeners] of signalListeners) for (const listener of listeners) process.on(event, listener);
  // argv as `node --snapshot-blob BLOB hook NAME [flags]` gives it: [node, 'hook', NAME, ...flags].
  hookFastPath(process.argv.slice(2)).then((code) => {
    if (code !== null) {
      process.exitCode = code;
      return;
    }
    // Not a plain hook call (`engram-hook --help`, a flag it does not know): the whole CLI answers, as `engram hook ...`.
    const r = require('node:child_process').spawnSync(process.execPath, [launcher, ...process.argv.slice(1)], { stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
  });
});
