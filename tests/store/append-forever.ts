/**
 * Child process for the kill test: appends big batches to one log until it is killed.
 * Usage: append-forever.ts FILE SESSION
 *
 * Fault injection: POSIX lets write() accept fewer bytes than asked (slow or full disks, network
 * file systems); on a local disk Linux almost never does, so a kill would never land inside an
 * append. This child makes every write a short one (at most SHORT_WRITE bytes per syscall, each a
 * real write) and a slow one (each followed by a 1 ms pause, as on a busy disk), so the writer's
 * short-write loop runs and a SIGKILL almost always lands inside an append, tearing a line as a
 * crash on such a disk would.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter } from '@engram/store';

const SHORT_WRITE = 4096;
const SLOW_WRITE_MS = 1;
const pause = new Int32Array(new SharedArrayBuffer(4));
const realWriteSync = fs.writeSync;
fs.writeSync = ((fd: number, buffer: NodeJS.ArrayBufferView | string, ...rest: unknown[]) => {
  if (typeof buffer === 'string' || !Buffer.isBuffer(buffer)) return (realWriteSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
  const [offset = 0, length = buffer.length - (offset)] = rest as [number?, number?];
  const written = realWriteSync(fd, buffer, offset, Math.min(length, SHORT_WRITE));
  Atomics.wait(pause, 0, 0, SLOW_WRITE_MS);
  return written;
});
syncBuiltinESMExports();

const [file, session] = process.argv.slice(2) as [string, string];
/** Big events make each append a multi-megabyte write, so a kill often lands inside one. */
const PAYLOAD = 'x'.repeat(64 * 1024);
const BATCH = 40;

const writer = new JsonlLogWriter(file, session);
let announced = false;
for (;;) {
  const batch = Array.from({ length: BATCH }, () => buildEvent('executive.turn.started', { message: PAYLOAD }, { sessionId: session }));
  await writer.append(batch);
  if (!announced) {
    process.stdout.write('ready\n');
    announced = true;
  }
}
