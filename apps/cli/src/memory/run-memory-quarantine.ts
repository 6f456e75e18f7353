import type { QuarantineItem } from '@engram/cortex';
import { withActiveMemory } from '@engram/runtime';
import { MemoryUsageError, defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

/** The quarantine commands work on the active store's quarantine: the file beside the pending queue, or PostgreSQL's. */
export interface MemoryQuarantineOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** One held item as a person reads it: id, where it would go, the reasons, then the text (shown as data, on its own line). */
export const quarantineLine = (x: QuarantineItem, n: number): string =>
  `${n}. ${x.quarantineId}  ${x.engram.kind ?? '?'}/${x.engram.scope ?? 'project'}  from ${x.origin} (trust ${x.trust})  ${x.reasons.map((r) => r.id).join(', ')}\n   text: ${JSON.stringify(oneLine(x.engram.text))}`;

/** `engram memory quarantine list`: what the write-time screen held, numbered, with its reasons. */
export const runQuarantineList = (options: MemoryQuarantineOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('quarantine list', io, async () => {
    const items = await withActiveMemory(options, ({ cortex }) => Promise.resolve(cortex.quarantineItems()));
    if (options.json === true) io.out(`${JSON.stringify(items)}\n`);
    else if (items.length === 0) io.out('nothing in quarantine\n');
    else io.out(`${items.map((x, i) => quarantineLine(x, i + 1)).join('\n')}\n`);
    return 0;
  });

const selectorsOf = (selectors: readonly string[]): string[] => {
  const out = selectors.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
  if (out.length === 0) throw new MemoryUsageError('name the entries (quarantine ids or numbers from `quarantine list`)');
  return out;
};

/** `engram memory quarantine accept ID|N...`: a person vouches for the entries; they are stored with trust `user`. */
export const runQuarantineAccept = (selectors: readonly string[], options: MemoryQuarantineOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('quarantine accept', io, async () => {
    const wanted = selectorsOf(selectors);
    const { accepted, unknown } = await withActiveMemory(options, ({ cortex }) => cortex.acceptQuarantined(wanted));
    if (options.json === true) io.out(`${JSON.stringify({ accepted, unknown })}\n`);
    else for (const r of accepted) io.out(`${r.status} ${r.entry?.text ?? ''}${r.location === null ? '' : ` (${r.location})`}\n`);
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
