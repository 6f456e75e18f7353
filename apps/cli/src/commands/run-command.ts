import type { Command } from 'commander';
import { numberOption } from './number-option.js';
import { addLlmOptions, type LlmOptionValues } from '../llm/llm-options.js';

/** A round cap beyond a thousand is a typo: a turn that long is a runaway. */
const roundCap = numberOption({ kind: 'integer', min: 1, max: 1_000 });

/** `engram run`: a headless session, end to end. */
export const registerRun = (program: Command): void => {
  const run = program
    .command('run')
    .description('run one headless agent turn with the configured model: prints the answer, writes the event log, episodes and what was learned')
    .requiredOption('--task <text>', 'what the agent should do')
    .option('--project <dir>', 'the project folder (default: the current directory)')
    .option('--home <dir>', 'the global engram folder (default: $ENGRAM_HOME or ~/.engram)')
    .option('--round-cap <n>', 'the most tool rounds the turn may take', roundCap)
    .option('--acc-profile <file>', 'detector thresholds from a profile (engram sim --save-profile); default <project>/.engram/acc.json when present')
    .option('--json', 'print { answer, sessionId, eventLog, lessons: [{ id, kind, rule, scope }], stopReason }')
    .option('--store <url>', 'keep everything in PostgreSQL, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; exit 3 unreachable)')
    .option('--tenant <name>', 'whose memory in the store (env ENGRAM_TENANT, default "default")')
    .addHelpText('after', '\nExit codes: 0 answered; 1 the turn failed or hit the round cap; 2 usage or configuration error; 3 the model could not be reached; 130 / 143 interrupted by SIGINT (Ctrl-C) / SIGTERM (the running cell is killed, the turn recorded as cancelled).');
  addLlmOptions(run).action(async (opts: LlmOptionValues & { task: string; project?: string; home?: string; json?: boolean; roundCap?: number; accProfile?: string; store?: string; tenant?: string }) => {
    process.exitCode = await (await import('../run/run-session.js')).runSession(opts);
  });
};
