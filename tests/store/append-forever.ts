/**
 * Child process for the kill test: appends big batches to one log until it is killed.
 * Usage: append-forever.ts FILE SESSION
 *
 * Fault injection: POSIX lets write() accept fewer bytes than asked (slow or full disks, network
 * file systems); on a local disk Linux almost never does, so a kill would never land inside an
 * append. This child makes every write a short one (at most SHORT_WRITE bytes per syscall, each a
 * real write), so the writer's short-write loop runs. Once the first batch is stored ("ready"),
 * the next append stops after its first short write, says "torn" and waits: the parent's SIGKILL
 * then lands inside an append whatever the machine's load, tearing a line as a crash on such a
 * disk would. (A kill after a random delay missed every write at a load of 15.)
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter } from '@engram/store';

const SHORT_WRITE = 4096;
/** Longer than the parent needs to kill: the stalled append never resumes. */
const STALL_MS = 60_000;
const pause = new Int32Array(new SharedArrayBuffer(4));
let announced = false;
const realWriteSync = fs.writeSync;
fs.writeSync = ((fd: number, buffer: NodeJS.ArrayBufferView | string, ...rest: unknown[]) => {
  if (typeof buffer === 'string' || !Buffer.isBuffer(buffer)) return (realWriteSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
  const [offset = 0, length = buffer.length - (offset)] = rest as [number?, number?];
  const written = realWriteSync(fd, buffer, offset, Math.min(length, SHORT_WRITE));
  if (announced && written < length) {
    // Pipes are synchronous on Linux: the parent can read this before the stall begins.
    process.stdout.write('torn\n');
    Atomics.wait(pause, 0, 0, STALL_MS);
  }
  return written;
});
syncBuiltinESMExports();

const [file, session] = process.argv.slice(2) as [string, string];
/** Events bigger than one short write, so stopping after the first leaves a partial line. */
const PAYLOAD = 'x'.repeat(16 * 1024);
const BATCH = 4;

const writer = new JsonlLogWriter(file, session);
for (;;) {
  const batch = Array.from({ length: BATCH }, () => buildEvent('executive.turn.started', { message: PAYLOAD }, { sessionId: session }));
  await writer.append(batch);
  if (!announced) {
    process.stdout.write('ready\n');
    announced = true;
  }
}
