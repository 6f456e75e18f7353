import { modelUnreachable } from '@engram/llm';
import { isTagged } from '@engram/kernel';
import { modelBrainOptions, openBrain, readModelSettings, type Brain } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';
import { askServerForModel, llmFlagsOf, type LlmOptionValues } from '../llm/llm-options.js';

export interface RunOptions extends LlmOptionValues {
  readonly task: string;
  readonly project?: string;
  readonly home?: string;
  readonly json?: boolean;
  readonly roundCap?: number;
  /** `--acc-profile FILE`: the detector thresholds (default `<project>/.engram/acc.json` when present). */
  readonly accProfile?: string;
  /** `--store URL` / `--tenant NAME` (else ENGRAM_STORE / ENGRAM_TENANT): keep everything in PostgreSQL. */
  readonly store?: string;
  readonly tenant?: string;
}

/** Exit codes of `engram run`, documented in its --help; an interrupted run exits as shells report a signal (128 + its number). */
export const RUN_EXIT = { answered: 0, failed: 1, usage: 2, unreachable: 3, SIGINT: 130, SIGTERM: 143 } as const;

/**
 * `engram run --task TEXT`: one headless session with the configured model. Prints the answer
 * (or, with --json, `{ answer, sessionId, eventLog, lessons, stopReason }`) and writes the event
 * log and memory; waits for end-of-turn learning before it exits.
 */
export const runSession = async (options: RunOptions): Promise<number> => {
  const cwd = process.cwd();
  const project = options.project ?? cwd;
  let settings;
  try {
    settings = await readModelSettings({ project, home: options.home, llm: llmFlagsOf(options), onNote: askServerForModel('run').onNote });
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    process.stderr.write(`engram run: ${err.message}\n`);
    return RUN_EXIT.usage;
  }
  let brain: Brain;
  try {
    brain = await openBrain(modelBrainOptions(options, { project, ...settings }));
  } catch (err) {
    // A bad setting, profile or store that cannot be opened: one line, the exit code from the tag (2 or 3).
    if (!isTagged(err)) throw err;
    process.stderr.write(`engram run: ${err.message}\n`);
    return exitCodeOf(err);
  }
  const { headlessTurnNotes, runHeadlessTurn } = await import('@engram/runtime');
  const { result, sessionId, eventLog, lessons, pending, interruptedBy } = await runHeadlessTurn(brain, options.task, options.roundCap === undefined ? {} : { roundCap: options.roundCap }, (text) => process.stderr.write(`engram run: ${text}\n`));
  if (options.json)
    process.stdout.write(`${JSON.stringify({ answer: result.answer, sessionId, eventLog, lessons, stopReason: result.stopReason, ...(pending.length ? { pending } : {}) })}\n`);
  else {
    if (result.answer) process.stdout.write(`${result.answer}\n`);
    process.stderr.write(headlessTurnNotes({ result, eventLog, lessons, pending }));
  }
  if (result.stopReason === 'cancelled' && interruptedBy !== undefined) {
    process.stderr.write(`engram run: interrupted by ${interruptedBy}: the turn was cancelled (event log: ${eventLog})\n`);
    return RUN_EXIT[interruptedBy];
  }
  if (result.stopReason === 'end_turn') return RUN_EXIT.answered;
  if (modelUnreachable(result.llmFailure)) return RUN_EXIT.unreachable;
  return RUN_EXIT.failed;
};
