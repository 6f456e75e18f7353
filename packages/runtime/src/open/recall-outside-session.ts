import { embedderFromEnv, EpisodicMemory, handleRecall, handleRecallAsync, type EpisodeProblem } from '@engram/hippocampus';
import { resolve } from 'node:path';
import { storeSettings } from '../store-settings.js';
import { openActiveBrain, type MemoryFlags } from './open-active-brain.js';

/** The recall tool's answers that are not episodes: the search failed, or there is no episodic memory (exit 1). */
const FAILED = /^(ERROR: episodic recall failed|Episodic memory is not available\.)/;
/** The recall tool's refusals of its input (exit 2). */
const REFUSED = /^(ERROR:|No query provided\.)/;

/** The recall tool's text, and how a command line should end with it: 0 an answer (none found included), 2 a refused input, 1 a failed search. */
export interface RecallOutcome {
  readonly text: string;
  readonly exit: 0 | 1 | 2;
  /**
   * What the answer could not read, `file:line: reason` each: episode lines skipped, or an index
   * that could not be brought up to date (a full disk), so the answer holds only what was indexed.
   */
  readonly problems: readonly string[];
}

const answer = async (flags: MemoryFlags, input: Record<string, unknown>, env: NodeJS.ProcessEnv, onProblems: (problems: readonly EpisodeProblem[]) => void): Promise<string> => {
  const project = resolve(flags.project ?? process.cwd());
  if (storeSettings(flags, env) !== null) {
    const brain = await openActiveBrain({ ...flags, project }, env);
    try {
      const episodes = brain.stores.episodes;
      return await handleRecallAsync(input, { episodes: episodes === 'sqlite' ? null : episodes, onProblems });
    } finally {
      await brain.close();
    }
  }
  const memory = new EpisodicMemory({ projectDir: project });
  try {
    const embedder = embedderFromEnv(env);
    if (embedder === null) return handleRecall(input, { episodes: memory, onProblems });
    return await handleRecallAsync(input, { episodes: { recall: (q, r) => Promise.resolve(memory.recall(q, r)), search: (q, r) => memory.searchWithMeaning(q, r, embedder) }, onProblems });
  } finally {
    memory.close();
  }
};

/**
 * The recall tool's answer for `input` over the project's episodes outside a session, exactly as
 * a session's tool gives it (the runtime's SessionEpisodes): on files, the project's episode files
 * and their index, ranked by meaning too when an embedder is set (ENGRAM_EMBEDDER_URL); with a
 * store set, the store's episodes. For `engram recall`.
 */
export const recallOutsideSession = async (flags: MemoryFlags, input: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): Promise<RecallOutcome> => {
  const problems: string[] = [];
  const text = await answer(flags, input, env, (found) => problems.push(...found.map((p) => `${p.file}:${p.line}: ${p.reason}`)));
  return { text, exit: FAILED.test(text) ? 1 : REFUSED.test(text) ? 2 : 0, problems };
};
