import { Cortex, MemoryModeError, PendingQueue, parseMemoryMode, type MemoryMode } from '@engram/cortex';
import { engramPaths, type EngramPaths } from '@engram/fs';
import { FileSemanticStore, MemoryHistory } from '@engram/hippocampus';
import type { EngramScope, EventSink } from '@engram/kernel';
import type { Brain } from '@engram/runtime';
import { resolve } from 'node:path';
import { StoreOpenError } from '../store/store-open-error.js';

/** The flags every memory command takes. */
export interface MemoryRootOptions {
  readonly home?: string;
  readonly project?: string;
}

/** Where a command's cortex records what it did (the retirements of `add --supersedes`); nothing by default. */
const NO_SINK: EventSink = { publish: () => undefined };

export interface MemoryIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const defaultIo: MemoryIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

export interface OpenedMemory {
  readonly cortex: Cortex;
  readonly stores: Readonly<Record<EngramScope, FileSemanticStore>>;
  readonly home: string;
  readonly project: string;
  /** Every file and folder under the two roots. */
  readonly paths: EngramPaths;
}

/** A usage or settings problem: the command exits 2. */
export class MemoryUsageError extends Error {
  override name = 'MemoryUsageError';
}

export const memoryModeOf = (env: Readonly<Record<string, string | undefined>>): MemoryMode => {
  try {
    return parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  } catch (err) {
    if (err instanceof MemoryModeError) throw new MemoryUsageError(err.message);
    throw err;
  }
};

/**
 * Wires the file stores (hippocampus) to the coordinator (cortex): the CLI is the composition
 * point, the one place both packages meet. Global root: `--home`, else `$ENGRAM_HOME`, else
 * `~/.engram`; project: `--project`, else the current folder. The pending queue lives in the
 * project's `.engram/`.
 */
export const openMemory = (options: MemoryRootOptions & { readonly sink?: EventSink }, env: Readonly<Record<string, string | undefined>> = process.env): OpenedMemory => {
  const paths = engramPaths({ home: options.home, project: options.project ?? process.cwd() }, env);
  const home = paths.home;
  const project = paths.project ?? process.cwd();
  const mode = memoryModeOf(env);
  const stores = {
    global: new FileSemanticStore({ dir: paths.memoryDir('global'), scope: 'global', root: home }),
    project: new FileSemanticStore({ dir: paths.memoryDir('project'), scope: 'project', root: project }),
  };
  const histories = { global: new MemoryHistory(paths.memoryDir('global'), { root: home }), project: new MemoryHistory(paths.memoryDir('project'), { root: project }) };
  const cortex = new Cortex({ global: stores.global, project: stores.project, mode, pending: new PendingQueue(paths.pendingMemoryFile, { root: project }), histories, sink: options.sink ?? NO_SINK });
  return { cortex, stores, home, project, paths };
};

/**
 * The brain for the audit commands (stats, why, prune-stale): the same roots and memory mode as
 * `openMemory`, so a bad `ENGRAM_MEMORY_MODE` is a usage error here too.
 */
export const brainFor = async (options: MemoryRootOptions, env: Readonly<Record<string, string | undefined>> = process.env): Promise<Brain> => {
  const mode = memoryModeOf(env);
  const { createBrain } = await import('@engram/runtime');
  return createBrain({ ...(options.home === undefined ? {} : { home: options.home }), project: resolve(options.project ?? process.cwd()), modes: { memory: mode }, env: { ...env } });
};

/** Parses `--scope`; `undefined` means both. */
export const parseScope = (value: string | undefined): EngramScope | undefined => {
  if (value === undefined) return undefined;
  if (value === 'global' || value === 'project') return value;
  throw new MemoryUsageError(`--scope must be global or project, not ${JSON.stringify(value)}`);
};

export const scopesOf = (scope: EngramScope | undefined): EngramScope[] => (scope === undefined ? ['global', 'project'] : [scope]);

/**
 * Runs a command body and maps failures to exit codes: 2 for usage and settings, 3 for a store
 * that cannot be reached, 1 for anything else (with the message, never a stack).
 */
export const runMemoryCommand = async (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    io.err(`engram memory ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof StoreOpenError ? err.exit : err instanceof MemoryUsageError ? 2 : 1;
  }
};
