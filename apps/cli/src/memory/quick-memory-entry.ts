import { runQuickMemory } from '@engram/runtime';

/**
 * The entry of the quick memory bundle (dist/bundle/memory-quick), from which the memory-quick
 * start-up snapshot is built: `memory show|list|context` on the files without the runtime (the
 * store of the memory files and the block's pure functions, no zod), null for a line the full CLI
 * must answer (scripts/snapshot-entry.cjs then starts the launcher with it).
 */
export const run = (args: readonly string[]): Promise<number | null> => runQuickMemory(args);
