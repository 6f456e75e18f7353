/**
 * The program a Node pad's child runs (`node -e NODE_HOST_SOURCE`). It is plain JavaScript in a
 * string so it runs the same from the TypeScript sources (tests) and the built `dist`, with no
 * file to locate. Cells run with `vm.Script#runInThisContext`, so top-level declarations stay
 * in the child's one global scope and persist across cells, in the child's own realm (no
 * cross-realm `instanceof` surprises with required modules).
 *
 * Small rewrites make cells re-runnable, as a model expects: unindented top-level `const` and
 * `let` become `var` (padded to keep error columns right; re-running `const x = ...` would otherwise fail with "already declared").
 * A cell that uses top-level `await` runs inside an async function; its unindented
 * `const/let/var name =`, `function name` and `class Name` declarations become global
 * assignments so they persist too (destructuring declarations in such cells stay local). A
 * cell whose last expression is a promise is awaited.
 *
 * Protocol: see `host-protocol.ts`. Requests and replies travel on fd 3; cell output goes to
 * the real stdout/stderr, ended by the request's marker.
 */
export const NODE_HOST_SOURCE = String.raw`'use strict';
(function engramPadHost() {
  const vm = require('node:vm');
  const net = require('node:net');
  const path = require('node:path');
  const util = require('node:util');
  const { createRequire } = require('node:module');
  const { performance } = require('node:perf_hooks');
  const MAX_ERROR_CHARS = 1000000;
  const channel = new net.Socket({ fd: 3, readable: true, writable: true });
  const send = (message) => channel.write(JSON.stringify(message) + '\n');
  const padFile = path.join(process.cwd(), '[engram-pad].js');
  globalThis.require = createRequire(padFile);
  globalThis.module = { exports: {}, filename: padFile };
  globalThis.exports = globalThis.module.exports;
  globalThis.__filename = padFile;
  globalThis.__dirname = process.cwd();

  const HOST_FRAME = /node:vm|node:internal|\[eval\]|engramPadHost|runCell/;
  const describe = (err) => {
    if (err instanceof Error && typeof err.stack === 'string') {
      return err.stack.split('\n').filter((line) => !(/^\s+at /.test(line) && HOST_FRAME.test(line))).join('\n');
    }
    return 'Uncaught ' + util.inspect(err);
  };
  process.on('uncaughtException', (err) => process.stderr.write('Uncaught exception: ' + describe(err) + '\n'));
  process.on('unhandledRejection', (err) => process.stderr.write('Unhandled promise rejection: ' + describe(err) + '\n'));

  const SYNC_DECLARATION = /^(const|let)(\s+[A-Za-z_$[{])/gm;
  const asVar = (_match, keyword, rest) => (keyword === 'const' ? 'var  ' : 'var') + rest;
  const ASYNC_DECLARATION = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)(\s*=)/gm;
  const ASYNC_FUNCTION = /^(async\s+)?function(\s*\*?\s*)([A-Za-z_$][\w$]*)/gm;
  const ASYNC_CLASS = /^class\s+([A-Za-z_$][\w$]*)/gm;
  const AWAIT_WORD = /\bawait\b/;

  const compile = (code, filename) => {
    try {
      return { script: new vm.Script(code.replace(SYNC_DECLARATION, asVar), { filename }), wrapped: false };
    } catch (err) {
      if (!(err instanceof SyntaxError) || !AWAIT_WORD.test(code)) throw err;
      const body = code
        .replace(ASYNC_DECLARATION, '$1$2')
        .replace(ASYNC_FUNCTION, '$3 = $1function$2$3')
        .replace(ASYNC_CLASS, '$1 = class $1');
      try {
        return { script: new vm.Script('(async () => {\n' + body + '\n})()', { filename, lineOffset: -1 }), wrapped: true };
      } catch {
        throw err;
      }
    }
  };

  const writeOut = (stream, text) => new Promise((resolve) => stream.write(text, () => resolve()));

  const runCell = async (request) => {
    const started = performance.now();
    let error = '';
    try {
      const { script, wrapped } = compile(request.code, request.name);
      const value = script.runInThisContext();
      if (wrapped || (value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function')) await value;
    } catch (err) {
      error = describe(err);
    }
    const durationMs = performance.now() - started;
    if (error.length > MAX_ERROR_CHARS) error = '...' + error.slice(-MAX_ERROR_CHARS);
    await writeOut(process.stdout, request.marker);
    await writeOut(process.stderr, request.marker);
    send({ t: 'done', id: request.id, error, durationMs });
  };

  let queue = Promise.resolve();
  let buffer = '';
  channel.setEncoding('utf8');
  channel.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      if (line.trim() === '') continue;
      const request = JSON.parse(line);
      queue = queue.then(() => runCell(request));
    }
  });
  channel.on('end', () => process.exit(0));
  channel.on('error', () => process.exit(0));
  send({ t: 'ready', runtime: 'node', version: process.version, pid: process.pid });
})();
`;
