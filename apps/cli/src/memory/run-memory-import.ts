import { openFileMemory, MemoryUsageError, parseScope } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryImportOptions extends MemoryRootOptions {
  readonly fromAnton?: string;
  readonly scope?: string;
  readonly json?: boolean;
}

/** `engram memory import --from-anton DIR`: copies an Anton `.anton` tree in, never overwriting (`importAnton` of the runtime). */
export const runMemoryImport = (options: MemoryImportOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('import', io, async () => {
    if (options.fromAnton === undefined) throw new MemoryUsageError({ reason: 'missing', message: '--from-anton DIR is required (an Anton .anton folder)' });
    const m = openFileMemory(options, process.env);
    const scope = parseScope(options.scope);
    const { importAnton, memoryText } = await import('@engram/runtime');
    const report = await importAnton({ from: options.fromAnton, home: m.paths.home, project: m.project, ...(scope === undefined ? {} : { scope }) });
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else {
      io.out(memoryText.antonImport(report));
      for (const n of report.notes) io.err(`note: ${n}\n`);
    }
    return 0;
  });
