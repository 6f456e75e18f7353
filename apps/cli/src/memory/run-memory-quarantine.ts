import { memoryText, withActiveMemory, MemoryUsageError } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

/** The quarantine commands work on the active store's quarantine: the file beside the pending queue, or PostgreSQL's. */
export interface MemoryQuarantineOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

/** `engram memory quarantine list`: what the write-time screen held, numbered, with its reasons. */
export const runQuarantineList = (options: MemoryQuarantineOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('quarantine list', io, async () => {
    const items = await withActiveMemory(options, ({ cortex }) => Promise.resolve(cortex.quarantineItems()));
    if (options.json === true) io.out(`${JSON.stringify(items)}\n`);
    else io.out(memoryText.quarantine(items));
    return 0;
  });

const selectorsOf = (selectors: readonly string[]): string[] => {
  const out = selectors.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
  if (out.length === 0) throw new MemoryUsageError({ reason: 'missing', message: 'name the entries (quarantine ids or numbers from `quarantine list`)' });
  return out;
};

/** `engram memory quarantine accept ID|N...`: a person vouches for the entries; they are stored with trust `user`. */
export const runQuarantineAccept = (selectors: readonly string[], options: MemoryQuarantineOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('quarantine accept', io, async () => {
    const wanted = selectorsOf(selectors);
    const { accepted, unknown } = await withActiveMemory(options, ({ cortex }) => cortex.acceptQuarantined(wanted));
    if (options.json === true) io.out(`${JSON.stringify({ accepted, unknown })}\n`);
    else io.out(memoryText.accepted(accepted));
    for (const u of unknown) io.err(`engram memory quarantine accept: nothing in quarantine as ${JSON.stringify(u)}\n`);
    return unknown.length === 0 ? 0 : 1;
  });

/** `engram memory quarantine reject ID|N...`: deletes the entries for good. */
export const runQuarantineReject = (selectors: readonly string[], options: MemoryQuarantineOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('quarantine reject', io, async () => {
    const wanted = selectorsOf(selectors);
    const { rejected, unknown } = await withActiveMemory(options, ({ cortex }) => cortex.rejectQuarantined(wanted));
    if (options.json === true) io.out(`${JSON.stringify({ rejected, unknown })}\n`);
    else for (const r of rejected) io.out(`rejected ${r.quarantineId}\n`);
    for (const u of unknown) io.err(`engram memory quarantine reject: nothing in quarantine as ${JSON.stringify(u)}\n`);
    return unknown.length === 0 ? 0 : 1;
  });
