import { recallOutsideSession } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from '../memory/open-memory.js';

export interface RecallOptions extends MemoryRootOptions {
  readonly literal?: boolean;
  readonly max?: number;
  readonly days?: number;
  readonly json?: boolean;
}

/**
 * `engram recall QUERY`: the episodes of earlier sessions in this project that answer QUERY,
 * exactly as the `recall` tool (MCP, a session's tools) answers it: a question in plain words
 * ranked by relevance, a "quoted" query or `--literal` as that exact text, newest first. Exit 0
 * with the answer (none found included), 2 when the tool refuses the input, 1 when the search
 * fails or the project keeps no episodes (3 for an unreachable store, as every memory command).
 * What the answer could not read (an episode line, an index a full disk kept from catching up) is
 * a `note:` line on stderr each, and `problems` in `--json`.
 */
export const runRecall = (query: string, options: RecallOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('recall', io, async () => {
    const input = { query, ...(options.literal === true ? { literal: true } : {}), ...(options.max === undefined ? {} : { max_results: options.max }), ...(options.days === undefined ? {} : { days_back: options.days }) };
    const { text, exit, problems } = await recallOutsideSession(options, input);
    // What could not be read is said, never dropped: on a full disk the index cannot catch up and the answer holds only what was indexed.
    for (const p of problems) io.err(`note: ${p}\n`);
    if (exit !== 0) io.err(`engram recall: ${text}\n`);
    else io.out(options.json === true ? `${JSON.stringify({ query, text, problems })}\n` : `${text}\n`);
    return exit;
  });
