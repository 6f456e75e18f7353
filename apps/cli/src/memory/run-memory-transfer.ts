import type { EngramScope } from '@engram/kernel';
import { openActiveMemory, type ActiveMemory, MemoryUsageError, parseScope, scopesOf } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';
import { defaultIo, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

type SemanticStores = Pick<ActiveMemory, 'stores' | 'close'> & { readonly where: string };

export interface MemoryTransferOptions extends MemoryRootOptions {
  readonly to?: string;
  readonly from?: string;
  readonly scope?: string;
  readonly json?: boolean;
}

const run = async (name: string, io: MemoryIo, options: MemoryTransferOptions, body: (s: SemanticStores, scopes: readonly EngramScope[]) => Promise<number>): Promise<number> => {
  let opened: SemanticStores | null = null;
  try {
    const scopes = scopesOf(parseScope(options.scope));
    const m = await openActiveMemory(options);
    opened = { stores: m.stores, where: m.store, close: m.close };
    return await body(opened, scopes);
  } catch (err) {
    io.err(`engram memory ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  } finally {
    await opened?.close();
  }
};

const pick = (s: SemanticStores, scopes: readonly EngramScope[]) => Object.fromEntries(scopes.map((scope) => [scope, s.stores[scope]]));

/** `engram memory export --to DIR`: the active store's memory as Anton markdown, `DIR/<scope>/*.md`. */
export const runMemoryExport = (options: MemoryTransferOptions, io: MemoryIo = defaultIo): Promise<number> =>
  run('export', io, options, async (s, scopes) => {
    if (options.to === undefined) throw new MemoryUsageError({ reason: 'missing', message: '--to DIR is required' });
    const { exportMemory } = await import('@engram/runtime');
    const report = await exportMemory(pick(s, scopes), options.to);
    if (options.json === true) io.out(`${JSON.stringify({ store: s.where, ...report })}\n`);
    else for (const [scope, r] of Object.entries(report.scopes)) io.out(`${scope}: ${r.entries} entries from ${s.where} -> ${r.files.join(', ') || '(none)'}\n`);
    return 0;
  });

/** `engram memory import --from DIR`: a folder as `export` writes it, into the active store (dedupe as encode does). */
export const runMemoryImportFolder = (options: MemoryTransferOptions, io: MemoryIo = defaultIo): Promise<number> =>
  run('import', io, options, async (s, scopes) => {
    if (options.from === undefined) throw new MemoryUsageError({ reason: 'missing', message: '--from DIR is required' });
    const { importMemory, memoryText } = await import('@engram/runtime');
    const report = await importMemory(pick(s, scopes), options.from);
    for (const p of report.problems) io.err(`engram memory import: ${p}; skipped\n`);
    if (options.json === true) io.out(`${JSON.stringify({ store: s.where, ...report })}\n`);
    else io.out(memoryText.folderImport(report.counts, s.where));
    return 0;
  });
