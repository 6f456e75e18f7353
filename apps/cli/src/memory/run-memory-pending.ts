import { memoryText, withActiveMemory as withMemory, MemoryUsageError } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryPendingOptions extends MemoryRootOptions {
  readonly json?: boolean;
  readonly all?: boolean;
  /** `--quarantined` with `--json`: `{ pending, quarantined }` instead of the bare pending array. */
  readonly quarantined?: boolean;
}

/** `engram memory pending list`: what copilot mode is waiting to have confirmed, numbered. */
export const runPendingList = (options: MemoryPendingOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('pending list', io, async () => {
    // Held entries are shown too, flagged, so a copilot user reviewing the queue sees them; they are released by `quarantine accept`.
    const { items, held } = await withMemory(options, async ({ cortex }) => ({ items: await cortex.pendingItems(), held: await cortex.quarantineItems() }));
    if (options.json === true) {
      io.out(`${JSON.stringify(options.quarantined === true ? { pending: items, quarantined: held } : items)}\n`);
      return 0;
    }
    io.out(memoryText.pending(items, held));
    return 0;
  });

const selectorsOf = (selectors: readonly string[], all: boolean | undefined, pending: readonly { pendingId: string }[]): string[] => {
  if (all === true) return pending.map((p) => p.pendingId);
  const out = selectors.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
  if (out.length === 0) throw new MemoryUsageError({ reason: 'missing', message: 'name the entries (pending ids or numbers from `pending list`), or pass --all' });
  return out;
};

/** `engram memory pending accept ID|N...`: encodes the chosen entries; unknown ones are reported (exit 1). */
export const runPendingAccept = (selectors: readonly string[], options: MemoryPendingOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('pending accept', io, async () => {
    const { accepted, unknown } = await withMemory(options, async ({ cortex }) => cortex.accept(selectorsOf(selectors, options.all, await cortex.pendingItems())));
    if (options.json === true) io.out(`${JSON.stringify({ accepted, unknown })}\n`);
    else io.out(memoryText.accepted(accepted));
    for (const u of unknown) io.err(`engram memory pending accept: nothing pending as ${JSON.stringify(u)}\n`);
    return unknown.length === 0 ? 0 : 1;
  });

/** `engram memory pending reject ID|N...`: drops the chosen entries. */
export const runPendingReject = (selectors: readonly string[], options: MemoryPendingOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('pending reject', io, async () => {
    const { rejected, unknown } = await withMemory(options, async ({ cortex }) => cortex.reject(selectorsOf(selectors, options.all, await cortex.pendingItems())));
    if (options.json === true) io.out(`${JSON.stringify({ rejected, unknown })}\n`);
    else for (const r of rejected) io.out(`rejected ${r.engram.text}\n`);
    for (const u of unknown) io.err(`engram memory pending reject: nothing pending as ${JSON.stringify(u)}\n`);
    return unknown.length === 0 ? 0 : 1;
  });
