import { EpisodicMemory } from '@engram/hippocampus';
import { defaultIo, openMemory, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryReindexOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

/**
 * `engram memory reindex`: drops the project's episode index and rebuilds it from the JSONL
 * files (the truth). Unreadable lines are reported with file and line and skipped.
 */
export const runMemoryReindex = (options: MemoryReindexOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('reindex', io, () => {
    const m = openMemory(options);
    const memory = new EpisodicMemory({ projectDir: m.project });
    try {
      if (options.json !== true && process.stderr.isTTY) io.err(`indexing ${memory.paths.episodesDir} ...\n`);
      const report = memory.reindex();
      if (options.json === true) io.out(`${JSON.stringify({ index: memory.paths.indexFile, ...report })}\n`);
      else {
        io.out(`reindexed ${report.episodesAdded} episodes from ${report.filesRead} files into ${memory.paths.indexFile}\n`);
        for (const p of report.problems) io.err(`note: ${p.file}:${p.line}: ${p.reason}\n`);
      }
      return Promise.resolve(0);
    } finally {
      memory.close();
    }
  });
