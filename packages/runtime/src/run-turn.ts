import { engramPaths, readTextContained } from '@engram/fs';
// Loaded on demand (dynamic `import()` in engram-session.ts): it pulls in the LLM package and Effect,
// which a session without a model and every hook process must not load (tests/runtime-lazy).
import { DEFAULT_ROUND_CAP, DEFAULT_TURN_TIMEOUT_MS, turnMachine, type MemoryMode, type StopReason } from '@engram/executive';
import { isLlmError, type InputBlock, type LlmMessage, type LlmResponse, type LlmTool } from '@engram/llm';
import { createActor } from 'xstate';
import { dispatchTool, type DispatchPorts } from './dispatch-tool.js';
import type { SessionLlm } from './session-llm.js';
import type { HostTool } from './host-tool.js';
import type { TurnActivity } from './turn-activity.js';

/** Instructions every engram-driven turn starts with; memory and the project's own words follow. */
const BASE_SYSTEM = [
  'You are an agent that solves tasks by running code in scratchpads and answering the user.',
  'Think briefly, act with tools, and stop with a plain answer when the task is done or cannot be done.',
  'Rules and lessons from your memory below come from your own past mistakes: follow them.',
].join(' ');

/** A tool call in the model's answer. */
type ToolUse = Extract<LlmResponse['content'][number], { type: 'tool_use' }>;

export interface TurnOptions {
  readonly roundCap?: number;
  readonly turnTimeoutMs?: number;
  /**
   * Cancels the turn: the model call or the cell in flight is aborted (a cell's pad processes are
   * killed) and nothing is learned from the turn. The session's history keeps the cancelled
   * message with a marker (docs/chat-sessions.md), so the next turn works and knows it was asked.
   */
  readonly signal?: AbortSignal;
  /**
   * The model's text as it streams, round by round: the answer (the last round's text), and also
   * the text of a round that goes on to call tools (it cannot be told apart until the round ends;
   * a `tool-start` activity follows it). A model that does not stream delivers each text whole.
   */
  readonly onText?: (delta: string) => void;
  /** What the turn is doing (tool calls starting and ending, ACC nudges, history compaction), from the turn's events. */
  readonly onActivity?: (activity: TurnActivity) => void;
  /** Host tools for this turn only, offered beside the brain's (`createBrain({ tools })`) and the built-in ones. */
  readonly tools?: readonly HostTool[];
}

export type TurnStopReason = StopReason | 'failed' | 'cancelled';

export interface TurnOutcome {
  readonly answer: string;
  readonly stopReason: TurnStopReason;
  readonly error?: string;
  /** Why the model could not be used, when that is what failed (the LLM port's failure reason). */
  readonly llmFailure?: string;
}

/** The session side of a turn: reporting, memory and the effects the loop drives. */
export interface TurnPorts extends DispatchPorts {
  readonly llm: () => Promise<SessionLlm>;
  readonly project: string | null;
  readonly memoryMode: MemoryMode;
  readonly startTurn: (message: string) => void;
  readonly memoryContext: (message: string) => Promise<string>;
  readonly primer: (tool: string) => Promise<string>;
  readonly tools: (primers: { scratchpad: string }) => LlmTool[];
  /** The conversation so far (closed turns) and the summary of compacted ones ("" when none), taken before the turn starts. */
  readonly history: () => { readonly summary: string; readonly messages: readonly LlmMessage[] };
  readonly beginRound: () => void;
  readonly toolCalled: (id: string, name: string, input: unknown) => void;
  /** The breaker's verdict and the advice learned for this call (see `EngramSession.preCall`). */
  readonly preCall: (
    id: string,
    name: string,
    input: unknown,
  ) => Promise<{ readonly verdict: { readonly action: 'allow' } | { readonly action: 'warn' | 'block'; readonly explanation: string }; readonly advice: string }>;
  readonly toolResulted: (id: string, name: string, ok: boolean, output: string, durationMs: number) => void;
  readonly endRound: () => readonly { readonly text: string }[];
  readonly capExhausted: (cap: number) => void;
  readonly endTurn: (answer: string, stopReason: StopReason) => void;
  readonly failTurn: (reason: 'llm' | 'tool' | 'internal', error: string) => void;
  readonly cancelTurn: (reason: string) => void;
}

const projectInstructions = (project: string | null): string => {
  if (project === null) return '';
  // Read for the prompt: a linked engram.md (a cloned repository can carry one) is refused, not followed.
  const text = readTextContained(project, engramPaths({ project }).projectInstructionsFile ?? '');
  return text === null ? '' : `\n\n## Project instructions\n${text.trim()}`;
};

/** The summary of compacted turns closes the system prompt: it stands for messages the model no longer sees. */
const earlierSummary = (summary: string): string => (summary === '' ? '' : `\n\n## Earlier in this conversation (your summary of the turns no longer shown)\n${summary}`);

/**
 * Runs one turn with the configured model, driven by the turn machine: assemble the prompt
 * (memory context, then the project's instructions so the user's words win; tool descriptions
 * with their primers), then carry out what the machine's state asks: a model call while it is
 * `thinking`, the answer's tool calls while it is `acting`. The machine decides when the turn
 * ends and with what answer: the model's answer, the round cap, or the deadline (`turnTimeoutMs`,
 * which also aborts a model call in flight). Nudges from the ACC go back to the model with the
 * round's tool results.
 */
export const runTurn = async (message: string, ports: TurnPorts, options: TurnOptions = {}): Promise<TurnOutcome> => {
  const roundCap = options.roundCap ?? DEFAULT_ROUND_CAP;
  const turnTimeoutMs = options.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS;
  const actor = createActor(turnMachine, { input: { roundCap, memoryMode: ports.memoryMode, turnTimeoutMs } });
  const deadline = new AbortController();
  actor.subscribe((snap) => {
    if (snap.context.stopReason === 'deadline' && !deadline.signal.aborted) deadline.abort(new Error(`the turn ran past its deadline (${turnTimeoutMs} ms)`));
  });
  actor.start();
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const fail = (reason: 'llm' | 'tool' | 'internal', error: string, llmFailure?: string): TurnOutcome => {
    actor.send({ type: 'FAILED', reason, error });
    ports.failTurn(reason, error);
    actor.stop();
    return { answer: '', stopReason: 'failed', error, ...(llmFailure === undefined ? {} : { llmFailure }) };
  };
  const cancelled = (): TurnOutcome => {
    const reason = options.signal?.reason instanceof Error ? options.signal.reason.message : 'cancelled by the host';
    actor.send({ type: 'CANCEL', reason });
    ports.cancelTurn(reason);
    actor.stop();
    return { answer: '', stopReason: 'cancelled' };
  };
  /** Whether the loop told the session a round began and has not yet told it the round ended (effect bookkeeping, not a decision). */
  let roundOpen = false;
  const closeRound = (): readonly { readonly text: string }[] => {
    if (!roundOpen) return [];
    roundOpen = false;
    return ports.endRound();
  };
  /** The machine left `active` with an answer (the model's, the cap's or the deadline's): the turn ends as it says. */
  const finish = (answer: string, reason: StopReason): TurnOutcome => {
    closeRound();
    if (reason === 'round_cap') ports.capExhausted(roundCap);
    ports.endTurn(answer, reason);
    actor.stop();
    return { answer, stopReason: reason };
  };
  const history = ports.history();
  ports.startTurn(message);
  actor.send({ type: 'START', message });
  try {
    const llm = await ports.llm();
    const system = `${BASE_SYSTEM}${await ports.memoryContext(message)}${projectInstructions(ports.project)}${earlierSummary(history.summary)}`;
    const tools = ports.tools({ scratchpad: await ports.primer('scratchpad') });
    actor.send({ type: 'CONTEXT_READY' });
    // The conversation so far goes first: a follow-up ("and the second one?") needs the turns it refers to.
    const messages: LlmMessage[] = [...history.messages, { role: 'user', content: message }];
    let uses: readonly ToolUse[] = [];
    // The machine decides every step: `thinking` asks for a model call, `acting` for the answer's tool
    // calls; an answer, the round cap or the deadline moves it out of both, and the loop ends.
    for (let snap = actor.getSnapshot(); snap.hasTag('thinking') || snap.hasTag('acting'); snap = actor.getSnapshot()) {
      if (options.signal?.aborted) return cancelled();
      if (snap.hasTag('thinking')) {
        ports.beginRound();
        roundOpen = true;
        let response;
        try {
          response = await llm.complete({ system, messages, tools, role: 'planning', purpose: 'turn', signal, ...(options.onText === undefined ? {} : { onText: options.onText }) });
        } catch (err) {
          if (options.signal?.aborted) return cancelled();
          // The deadline aborted the call: the machine has already moved on.
          if (!actor.getSnapshot().hasTag('thinking')) continue;
          return isLlmError(err) ? fail('llm', `${err.reason}: ${err.message}`, err.reason) : fail('llm', String(err), 'unknown');
        }
        uses = response.content.flatMap((b) => (b.type === 'tool_use' ? [b] : []));
        const text = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        actor.send({ type: 'LLM_ANSWERED', text, toolCalls: uses.length });
        if (actor.getSnapshot().hasTag('acting')) messages.push({ role: 'assistant', content: response.content });
        continue;
      }
      const results: InputBlock[] = [];
      for (const use of uses) {
        if (options.signal?.aborted) return cancelled();
        // The deadline ends the round between calls.
        if (!actor.getSnapshot().hasTag('acting')) break;
        ports.toolCalled(use.id, use.name, use.input);
        const { verdict, advice } = await ports.preCall(use.id, use.name, use.input);
        if (verdict.action === 'block') {
          // Not run: the model reads why, and the call is not counted as one more failure.
          results.push({ type: 'tool_result', tool_use_id: use.id, content: verdict.explanation, is_error: true });
          continue;
        }
        const started = Date.now();
        const outcome = await dispatchTool(use.name, use.input, ports, use.id, options.signal);
        ports.toolResulted(use.id, use.name, !outcome.isError, outcome.record, Date.now() - started);
        // A cell killed by the cancellation is recorded (above); the turn ends here, unlearned.
        if (options.signal?.aborted) return cancelled();
        // The call was already made, so advice rides with its result, ahead of the model's next move.
        const content = [outcome.content, ...(verdict.action === 'warn' ? [verdict.explanation] : []), ...(advice === '' ? [] : [advice])].join('\n\n');
        results.push({ type: 'tool_result', tool_use_id: use.id, content, ...(outcome.isError ? { is_error: true } : {}) });
      }
      if (!actor.getSnapshot().hasTag('acting')) continue;
      for (const n of closeRound()) results.push({ type: 'text', text: n.text });
      messages.push({ role: 'user', content: results });
      actor.send({ type: 'TOOLS_DONE' });
    }
    if (options.signal?.aborted) return cancelled();
    const { stopReason, answer } = actor.getSnapshot().context;
    if (actor.getSnapshot().hasTag('reflecting') && stopReason !== null && answer !== null) return finish(answer, stopReason);
    return fail('internal', `the turn machine stopped the loop in ${JSON.stringify(actor.getSnapshot().value)}`);
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  }
};
