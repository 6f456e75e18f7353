import { fstatSync, readSync } from 'node:fs';

/** Largest payload read: a tool response can hold a whole file, but not more than this. */
const MAX_STDIN_BYTES = 32 * 1024 * 1024;

/** Bytes a read asks for: a hook's payload is mostly a few kB, a tool response now and then a file. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads all of stdin (`fd`) as UTF-8. Refuses a terminal (the command was run by hand, where it
 * would wait forever) and a payload over `MAX_STDIN_BYTES`.
 *
 * Read with blocking reads of the descriptor, not through `process.stdin`: making that stream
 * loads Node's socket or file-stream modules, and the module behind `isatty`, a few ms of every
 * hook's start. A stdin a parent left non-blocking (EAGAIN) is read through `process.stdin` from
 * where the reads stopped (that stream is fd 0's: another `fd` is for tests on files).
 */
export const readStdin = async (fd = 0): Promise<string> => {
  // Only a character device can be a terminal (a pipe or a file is not): `node:tty` is loaded for
  // those alone, and synchronously: an `import()` in a bundle started from a start-up snapshot goes
  // through vm's main-context loader, and Node warns on stderr that it is experimental.
  // Through the bigint stat buffer, as lstatSocket: a plain fstat of a pipe (a hook's stdin) left
  // in Node's shared one makes the next import() of a package behind pnpm's links resolve halfway
  // and fail (nodejs/node#51142), which every hook run from dist/ hit (tests/cli/hook-from-dist).
  if (fstatSync(fd, { bigint: true }).isCharacterDevice() && process.getBuiltinModule('node:tty').isatty(fd)) throw new Error('expects the hook JSON that Claude Code writes on stdin (pipe a payload in to try it)');
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (buf: Buffer) => {
    size += buf.length;
    if (size > MAX_STDIN_BYTES) throw new Error(`the payload on stdin is over ${MAX_STDIN_BYTES / 1024 / 1024} MB`);
    chunks.push(buf);
  };
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK_BYTES, null);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EOF') break;
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      for await (const chunk of process.stdin) take(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      break;
    }
    if (n === 0) break;
    take(buf.subarray(0, n));
  }
  return Buffer.concat(chunks).toString('utf8');
};
