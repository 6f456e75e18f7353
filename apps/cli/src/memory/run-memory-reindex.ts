import { EpisodicMemory } from '@engram/hippocampus';
import { openActiveBrain, storeSettings } from '@engram/runtime';
import { resolve } from 'node:path';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryReindexOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

/** What `reindex` says on PostgreSQL, where there is no index file to rebuild. */
const POSTGRES_NOTE = "nothing to rebuild: on PostgreSQL the episodes are the store's rows and recall searches them through the server's own trigram index, which PostgreSQL keeps current on every write (the SQLite index this command rebuilds exists only beside the episode files)";

/**
 * `engram memory reindex`: drops the project's episode index and rebuilds it from the JSONL
 * files (the truth). Unreadable lines are reported with file and line and skipped. On
 * PostgreSQL (`--store`/`ENGRAM_STORE`) there is no derived index to rebuild: the store is
 * opened (a bad setting exits 2, an unreachable server 3), the command says so and exits 0,
 * touching no file.
 */
export const runMemoryReindex = (options: MemoryReindexOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('reindex', io, async () => {
    if (storeSettings(options) !== null) {
      const brain = await openActiveBrain({ ...options, project: options.project ?? process.cwd() });
      const store = brain.stores.location;
      await brain.close();
      if (options.json === true) io.out(`${JSON.stringify({ store, reindexed: false, note: POSTGRES_NOTE })}\n`);
      else io.out(`${store}: ${POSTGRES_NOTE}\n`);
      return 0;
    }
    const memory = new EpisodicMemory({ projectDir: resolve(options.project ?? process.cwd()) });
    try {
      if (options.json !== true && process.stderr.isTTY) io.err(`indexing ${memory.paths.episodesDir} ...\n`);
      const report = memory.reindex();
      if (options.json === true) io.out(`${JSON.stringify({ index: memory.paths.indexFile, ...report })}\n`);
      else {
        io.out(`reindexed ${report.episodesAdded} episodes from ${report.filesRead} files into ${memory.paths.indexFile}\n`);
        for (const p of report.problems) io.err(`note: ${p.file}:${p.line}: ${p.reason}\n`);
      }
      return 0;
    } finally {
      memory.close();
    }
  });
