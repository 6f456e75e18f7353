import { clientOptionsOf, LlmConfigError, modelUnreachable, resolveLlmConfig, type ResolvedLlmConfig } from '@engram/llm';
import { AccProfileError, GuardsConfigError, openBrain, parseMemoryMode, readGuardsConfig, StoreSettingError, storeUnreachable, type Brain } from '@engram/runtime';
import { PAD_MEMORY_ENV, parsePadMemoryMb } from '@engram/scratchpad';
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
  let config: ResolvedLlmConfig;
  let memoryMode;
  try {
    memoryMode = parseMemoryMode(process.env.ENGRAM_MEMORY_MODE);
    // Checked up front: the pads start lazily, and a bad limit must be a usage error, not a failed cell.
    parsePadMemoryMb(process.env[PAD_MEMORY_ENV]);
    config = await resolveLlmConfig({ ...askServerForModel('run'),
      flags: llmFlagsOf(options),
      env: process.env,
      projectDir: options.project ?? cwd,
      ...(options.home === undefined ? {} : { home: options.home }),
    });
  } catch (err) {
    if (err instanceof LlmConfigError || err instanceof Error) {
      process.stderr.write(`engram run: ${err.message}\n`);
      return RUN_EXIT.usage;
    }
    throw err;
  }
  let guards;
  try {
    guards = readGuardsConfig(options.project ?? cwd);
  } catch (err) {
    if (!(err instanceof GuardsConfigError)) throw err;
    process.stderr.write(`engram run: ${err.message}\n`);
    return RUN_EXIT.usage;
  }
  let brain: Brain;
  try {
    brain = await openBrain({
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.tenant === undefined ? {} : { tenant: options.tenant }),
      ...(options.home === undefined ? {} : { home: options.home }),
      project: options.project ?? cwd,
      guards,
      modes: { memory: memoryMode },
      llm: { options: clientOptionsOf(config) },
      ...(options.accProfile === undefined ? {} : { acc: { profile: options.accProfile } }),
    });
  } catch (err) {
    if (err instanceof AccProfileError || err instanceof StoreSettingError) {
      process.stderr.write(`engram run: ${err.message}\n`);
      return RUN_EXIT.usage;
    }
    if (!storeUnreachable(err)) throw err;
    process.stderr.write(`engram run: ${err instanceof Error ? err.message : String(err)}\n`);
    return RUN_EXIT.unreachable;
  }
  const { runHeadlessTurn } = await import('@engram/runtime');
  const { result, sessionId, eventLog, lessons, pending, interruptedBy } = await runHeadlessTurn(brain, options.task, options.roundCap === undefined ? {} : { roundCap: options.roundCap }, (text) => process.stderr.write(`engram run: ${text}\n`));
  if (options.json)
    process.stdout.write(`${JSON.stringify({ answer: result.answer, sessionId, eventLog, lessons, stopReason: result.stopReason, ...(pending.length ? { pending } : {}) })}\n`);
  else {
    if (result.answer) process.stdout.write(`${result.answer}\n`);
    if (result.error) process.stderr.write(`engram run: the turn failed: ${result.error}\n`);
    if (result.stopReason === 'round_cap') process.stderr.write('engram run: the turn hit the round cap\n');
    for (const l of lessons) process.stderr.write(`learned [${l.id}] (${l.scope}) ${l.rule}\n`);
    if (pending.length) {
      process.stderr.write(`${pending.length} memor${pending.length === 1 ? 'y waits' : 'ies wait'} for your confirmation (engram memory pending accept|reject ID):\n`);
      for (const p of pending) process.stderr.write(`  ${p.pendingId}  (${p.kind ?? 'lesson'}, ${p.scope ?? 'project'}) ${p.text}\n`);
    }
    process.stderr.write(`event log: ${eventLog}\n`);
  }
  if (result.stopReason === 'cancelled' && interruptedBy !== undefined) {
    process.stderr.write(`engram run: interrupted by ${interruptedBy}: the turn was cancelled (event log: ${eventLog})\n`);
    return RUN_EXIT[interruptedBy];
  }
  if (result.stopReason === 'end_turn') return RUN_EXIT.answered;
  if (modelUnreachable(result.llmFailure)) return RUN_EXIT.unreachable;
  return RUN_EXIT.failed;
};
