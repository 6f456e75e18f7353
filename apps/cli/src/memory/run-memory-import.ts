import { openFileMemory } from '@engram/runtime';
import { MemoryUsageError, defaultIo, parseScope, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryImportOptions extends MemoryRootOptions {
  readonly fromAnton?: string;
  readonly scope?: string;
  readonly json?: boolean;
}

const count = (c: Record<string, number>, outcome: string, label: string): string => ((c[outcome] ?? 0) > 0 ? `, ${c[outcome]} ${label}` : '');

/** `engram memory import --from-anton DIR`: copies an Anton `.anton` tree in, never overwriting (`importAnton` of the runtime). */
export const runMemoryImport = (options: MemoryImportOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('import', io, async () => {
    if (options.fromAnton === undefined) throw new MemoryUsageError('--from-anton DIR is required (an Anton .anton folder)');
    const m = openFileMemory(options, process.env);
    const scope = parseScope(options.scope);
    const { importAnton } = await import('@engram/runtime');
    const report = await importAnton({ from: options.fromAnton, home: m.paths.home, project: m.project, ...(scope === undefined ? {} : { scope }) }).catch((err: unknown) => {
      throw err instanceof RangeError ? new MemoryUsageError(`--from-anton ${err.message}`) : err;
    });
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else {
      const c = report.memory.counts;
      io.out(`imported from ${report.from}\n`);
      io.out(`memory (${report.memory.scope}): ${c['added'] ?? 0} added, ${c['duplicate'] ?? 0} already there${count(c, 'superseded', 'superseded')}${count(c, 'empty', 'empty')}${count(c, 'quarantined', 'held for review (engram memory quarantine list)')}\n`);
      io.out(`episodes: ${report.episodes.copied.length} copied${report.episodes.skipped.length > 0 ? `, ${report.episodes.skipped.length} skipped (${report.episodes.skipped.map((s) => `${s.file}: ${s.reason}`).join('; ')})` : ''}\n`);
      io.out(`skills: ${report.skills.imported.length} imported${report.skills.imported.length > 0 ? ` (${report.skills.imported.join(', ')})` : ''}\n`);
      for (const s of report.skills.skipped) io.out(`  skipped skill ${s.label}: ${s.reason}\n`);
      for (const n of report.notes) io.err(`note: ${n}\n`);
    }
    return 0;
  });
