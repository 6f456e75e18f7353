import { Cortex, type StructuredModel } from '@engram/cortex';
import { textMeaning } from '@engram/hippocampus';
import type { Clock, Embedder, EventSink } from '@engram/kernel';
import type { MemoryStores } from '../brain-stores.js';
import type { MemoryMode } from '../engram-session.js';

export interface OpenMemoryOptions {
  readonly mode: MemoryMode;
  readonly clock?: Clock;
  /** Where the cortex publishes what it proposes, queues and encodes: a session's bus, a command's recorder; none by default. */
  readonly sink?: EventSink;
  /** The model that judges contradictions (a session's); the heuristic otherwise. */
  readonly judge?: () => Promise<StructuredModel | null>;
  /** Meaning beside words: entries are embedded when written and ranked by it, their vectors kept in the stores' `textVectors`. */
  readonly embedder?: Embedder | null;
}

/**
 * The one way memory is opened, whoever opens it (a session, the audit, a memory command, the web
 * view, a benchmark): the cortex over a brain's memory stores, files or PostgreSQL alike, so every
 * surface writes through the same gate, screen and histories and ranks with the same core.
 */
export const openMemory = (stores: MemoryStores, options: OpenMemoryOptions): Cortex => {
  const { embedder = null } = options;
  return new Cortex({
    global: stores.semantic.global,
    project: stores.semantic.project,
    mode: options.mode,
    pending: stores.pending,
    quarantine: stores.quarantine,
    histories: stores.histories,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.sink === undefined ? {} : { sink: options.sink }),
    ...(options.judge === undefined ? {} : { judge: options.judge }),
    ...(embedder === null || stores.textVectors === undefined ? {} : { meaning: textMeaning(embedder, stores.textVectors) }),
  });
};
