/**
 * A child process for the multi-process test: appends COUNT episodes to one shared session
 * file, as hook-driven hosts (one process per tool call) do.
 * Usage: episode-writer.ts DIR SESSION PROC COUNT
 * Every 7th record is 10 kB, larger than a pipe buffer, so atomic appends are really tested.
 */
import { EpisodeLog } from './episodes-api.js';

const [dir = '', session = '', procArg = '0', countArg = '0'] = process.argv.slice(2);
const log = new EpisodeLog({ dir, onError: (f) => process.stderr.write(`${f.error}\n`) });
log.resumeSession(session);
for (let i = 0; i < Number(countArg); i++) {
  const pad = i % 7 === 0 ? ` ${'z'.repeat(10_000)}` : '';
  const result = log.logTurn(i, 'tool_result', `proc ${procArg} record ${i}${pad}`, { proc: Number(procArg) });
  if (result.status !== 'written') process.exit(1);
}
