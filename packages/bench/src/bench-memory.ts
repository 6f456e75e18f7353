import type { Cortex } from '@engram/cortex';
import { engramPaths } from '@engram/fs';
import type { TextVectorCache } from '@engram/hippocampus';
import { systemClock, type Embedder, type SemanticStore } from '@engram/kernel';
import { fileMemoryStores, openMemory } from '@engram/runtime';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchMemory {
  readonly cortex: Cortex;
  readonly global: SemanticStore;
  readonly project: SemanticStore;
  /** Where the entries' vectors are kept (what the cortex ranks by meaning from, with an embedder). */
  readonly textVectors: TextVectorCache;
}

/**
 * Memory in a benchmark's folder (`DIR/home` and the project `DIR/proj`), opened as every surface
 * opens it (`fileMemoryStores` and `openMemory`), so a figure measures the code a user runs. No
 * environment is read: a benchmark never touches the user's home.
 */
export const benchMemory = (dir: string, embedder: Embedder | null = null): BenchMemory => {
  const paths = engramPaths({ home: join(dir, 'home'), project: join(dir, 'proj') }, {});
  const stores = fileMemoryStores(paths, systemClock);
  const { global, project } = stores.semantic;
  if (project === null || stores.textVectors === undefined) throw new Error('the bench memory has a project and a vector cache');
  mkdirSync(join(dir, 'proj', '.engram'), { recursive: true });
  return { cortex: openMemory(stores, { mode: 'autopilot', embedder }), global, project, textVectors: stores.textVectors };
};
