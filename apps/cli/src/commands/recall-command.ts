import type { RecallOptions } from '../recall/run-recall.js';
import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, WHERE, numberOption, opt } from './shared-options.js';

/** The recall tool's own bounds (MAX_RECALL_RESULTS, MAX_DAYS_BACK in @engram/hippocampus), so commander refuses what the tool would. */
const MAX_RESULTS = 100;
const MAX_DAYS = 36_500;

/** `engram recall QUERY`: the recall tool from the command line (docs/cli-startup.md: a bundled command). */
export const recallCommand: CommandSpec = {
  name: 'recall',
  description: 'search the episodes of earlier sessions in this project, as the recall tool does: plain words ranked by relevance, a "quoted" query or --literal as exact text, newest first',
  args: [['<query>', 'what to look for']],
  options: [
    ...WHERE,
    opt('--literal', 'find the query as an exact case-insensitive substring, newest first'),
    opt('--max <n>', `at most this many episodes (1-${MAX_RESULTS}, default 20)`, numberOption({ kind: 'integer', min: 1, max: MAX_RESULTS })),
    opt('--days <n>', `only the last N days (1-${MAX_DAYS})`, numberOption({ kind: 'integer', min: 1, max: MAX_DAYS })),
    JSON_OUT,
  ],
  run: async (o: RecallOptions, query: string) => (await import('../recall/run-recall.js')).runRecall(query, o),
};
