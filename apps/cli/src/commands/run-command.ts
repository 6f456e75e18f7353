import { LLM_OPTIONS, type LlmOptionValues } from '../llm/llm-options.js';
import type { CommandSpec } from './command-spec.js';
import { ROOTS, ROUND_CAP, STORES, opt, required } from './shared-options.js';

/** `engram run`: a headless session, end to end. */
export const runCommand: CommandSpec = {
  name: 'run',
  description: 'run one headless agent turn with the configured model: prints the answer, writes the event log, episodes and what was learned',
  options: [
    required('--task <text>', 'what the agent should do'),
    ...ROOTS,
    ROUND_CAP,
    opt('--acc-profile <file>', 'detector thresholds from a profile (engram sim --save-profile); default <project>/.engram/acc.json when present'),
    opt('--json', 'print { answer, sessionId, eventLog, lessons: [{ id, kind, rule, scope }], stopReason }'),
    ...STORES,
    ...LLM_OPTIONS,
  ],
  helpAfter: '\nExit codes: 0 answered; 1 the turn failed or hit the round cap; 2 usage or configuration error; 3 the model could not be reached; 130 / 143 interrupted by SIGINT (Ctrl-C) / SIGTERM (the running cell is killed, the turn recorded as cancelled).',
  run: async (o: LlmOptionValues & { task: string; project?: string; home?: string; json?: boolean; roundCap?: number; accProfile?: string; store?: string; tenant?: string }) => (await import('../run/run-session.js')).runSession(o),
};
