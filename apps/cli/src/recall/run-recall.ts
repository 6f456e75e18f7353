import { embedderFromEnv, EpisodicMemory, handleRecall, handleRecallAsync } from '@engram/hippocampus';
import { openActiveBrain, storeSettings } from '@engram/runtime';
import { resolve } from 'node:path';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from '../memory/open-memory.js';

export interface RecallOptions extends MemoryRootOptions {
  readonly literal?: boolean;
  readonly max?: number;
  readonly days?: number;
  readonly json?: boolean;
}

/** The recall tool's answers that are not episodes: the search failed, or there is no episodic memory (exit 1). */
const FAILED = /^(ERROR: episodic recall failed|Episodic memory is not available\.)/;
/** The recall tool's refusals of its input (exit 2). */
const REFUSED = /^(ERROR:|No query provided\.)/;

/**
 * The recall tool's answer for `input` over the project's episodes, as a session gives it (the
 * runtime's SessionEpisodes): on files, the project's episode files and their index, ranked by
 * meaning too when an embedder is set (ENGRAM_EMBEDDER_URL); with a store set, its episodes.
 */
const recallAnswer = async (options: RecallOptions, input: Record<string, unknown>): Promise<string> => {
  const project = resolve(options.project ?? process.cwd());
  if (storeSettings(options) !== null) {
    const brain = await openActiveBrain({ ...options, project });
    try {
      const episodes = brain.stores.episodes;
      return await handleRecallAsync(input, { episodes: episodes === 'sqlite' ? null : episodes });
    } finally {
      await brain.close();
    }
  }
  const memory = new EpisodicMemory({ projectDir: project });
  try {
    const embedder = embedderFromEnv(process.env);
    if (embedder === null) return handleRecall(input, { episodes: memory });
    return await handleRecallAsync(input, { episodes: { recall: (q, r) => Promise.resolve(memory.recall(q, r)), search: (q, r) => memory.searchWithMeaning(q, r, embedder) } });
  } finally {
    memory.close();
  }
};

/**
 * `engram recall QUERY`: the episodes of earlier sessions in this project that answer QUERY,
 * exactly as the `recall` tool (MCP, a session's tools) answers it: a question in plain words
 * ranked by relevance, a "quoted" query or `--literal` as that exact text, newest first. Exit 0
 * with the answer (none found included), 2 when the tool refuses the input, 1 when the search
 * fails or the project keeps no episodes (3 for an unreachable store, as every memory command).
 */
export const runRecall = (query: string, options: RecallOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('recall', io, async () => {
    const input = { query, ...(options.literal === true ? { literal: true } : {}), ...(options.max === undefined ? {} : { max_results: options.max }), ...(options.days === undefined ? {} : { days_back: options.days }) };
    const text = await recallAnswer(options, input);
    if (FAILED.test(text) || REFUSED.test(text)) {
      io.err(`engram recall: ${text}\n`);
      return FAILED.test(text) ? 1 : 2;
    }
    io.out(options.json === true ? `${JSON.stringify({ query, text })}\n` : `${text}\n`);
    return 0;
  });
