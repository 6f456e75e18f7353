import type { Clock } from '@engram/kernel';
import type { EngramSession } from '@engram/runtime';
import type { FinishReason, Prompt } from './ai-types.js';
import { engramSystemText } from './engram-system-text.js';
import { readPrompt, type PromptReading } from './read-prompt.js';

/** A tool call the model made, as the middleware reports it. */
export interface StepToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The JSON text the model wrote (the AI SDK parses it after the middleware). */
  readonly input: string;
}

interface ReportedCall {
  readonly name: string;
  readonly at: number;
  /** The breaker's explanation when it blocked the call, else null. */
  readonly blocked: string | null;
}

const parseInput = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // not JSON: the AI SDK will report the bad input; engram records what the model wrote
  }
};

/**
 * One AI SDK conversation as one engram session, driven from the model calls the middleware sees
 * (host-driven API of @engram/runtime). A call whose prompt ends with a user message opens a turn;
 * the tool calls a step returns are reported (`toolCalled`, then `preCall` for the breaker and the
 * advice) before the AI SDK runs them; their results, read from the next step's prompt, are
 * reported (`toolResulted`) and close the round (`endRound`: the ACC's self-checks). A step that
 * finishes with no tool call ends the turn (`endTurn`), and learning runs in the background.
 * What engram has to say reaches the model as system text on every call of the turn.
 */
export class EngramConversation {
  private readonly calls = new Map<string, ReportedCall>();
  private readonly resulted = new Set<string>();
  private notes: string[] = [];
  private memory = '';
  private lastText = '';
  /** The last step ended with tool calls: the AI SDK runs them and calls again (or stops at its step limit). */
  private awaitingResults = false;
  private readonly learning: Promise<void>[] = [];

  constructor(
    readonly session: EngramSession,
    private readonly clock: Clock,
  ) {}

  /** Before a model call: reports what the prompt tells (a new turn, tool results) and returns the system text to add. */
  async beforeCall(prompt: Prompt): Promise<string> {
    const r = readPrompt(prompt);
    if (r.endsWithUser) {
      if (this.session.inTurn) this.closeOpenTurn(r);
      await this.openTurn(r.userText);
    } else {
      if (!this.session.inTurn) await this.openTurn(r.userText); // a conversation carried on by a new middleware
      if (this.reportResults(r, false) > 0) for (const n of this.session.endRound()) this.note(n.text);
    }
    this.awaitingResults = false;
    return engramSystemText(this.memory, this.notes);
  }

  /** A tool call the model just made, reported before the AI SDK runs it. */
  async toolCallMade(call: StepToolCall): Promise<void> {
    if (!this.session.inTurn) return;
    const input = parseInput(call.input);
    const id = this.session.toolCalled({ id: call.toolCallId, name: call.toolName, input });
    const { verdict, advice } = await this.session.preCall(id, call.toolName, input);
    this.calls.set(id, { name: call.toolName, at: this.clock.now(), blocked: verdict.action === 'block' ? verdict.explanation : null });
    if (verdict.action === 'block') this.note(`engram did not run this ${call.toolName} call: ${verdict.explanation}`);
    else if (verdict.action === 'warn') this.note(`engram: ${verdict.explanation}`);
    if (advice.trim() !== '') this.note(advice);
  }

  /** The end of a model step: with tool calls the turn goes on; without, the turn ends and learning starts. */
  stepFinished(toolCalls: number, text: string, finish: FinishReason): void {
    if (!this.session.inTurn) return;
    if (text.trim() !== '') this.lastText = text;
    if (toolCalls > 0) {
      this.awaitingResults = true;
      return;
    }
    this.session.endRound();
    if (finish.unified === 'error') this.session.failTurn('llm', `the model finished with an error (${finish.raw ?? 'no reason given'})`);
    else this.session.endTurn(this.lastText);
    this.track();
  }

  /** Why the breaker blocked this call, or null when it may run. */
  blockedReason(toolCallId: string): string | null {
    return this.calls.get(toolCallId)?.blocked ?? null;
  }

  /** Resolves when what the turns taught is stored and the session's log is durable. */
  async settled(): Promise<void> {
    await Promise.all(this.learning);
    await this.session.settled();
  }

  private async openTurn(message: string): Promise<void> {
    this.session.startTurn(message);
    this.notes = [];
    this.lastText = '';
    this.memory = await this.session.memoryContext(message);
  }

  /**
   * A new user message while a turn is open. When the last step asked for tool results, the AI
   * SDK stopped at its step limit (`stopWhen`): the results are reported and the turn ends with
   * stop reason `round_cap`, so it is learned from. Otherwise the turn never got an answer (an
   * aborted stream, a failed call) and `startTurn` cancels it without learning.
   */
  private closeOpenTurn(r: PromptReading): void {
    if (!this.awaitingResults) return;
    this.reportResults(r, true);
    this.session.endRound();
    this.session.endTurn(this.lastText, 'round_cap');
    this.track();
  }

  /**
   * Reports the results not reported yet; returns how many. Results of calls this middleware saw
   * are matched by id; a result of a call it never saw (the conversation was carried on by another
   * middleware) is reported with its call when it belongs to the current turn. A blocked call never
   * ran, so its refusal is not a result.
   */
  private reportResults(r: PromptReading, previousTurn: boolean): number {
    let reported = 0;
    for (const res of r.results) {
      if (this.resulted.has(res.id)) continue;
      const call = this.calls.get(res.id);
      if (call === undefined && (previousTurn || !res.afterUser)) continue;
      this.resulted.add(res.id);
      if (call?.blocked != null) continue;
      if (call === undefined) this.session.toolCalled({ id: res.id, name: res.name, input: r.callInputs.get(res.id) ?? {} });
      const durationMs = call === undefined ? 0 : Math.max(0, Math.round(this.clock.now() - call.at));
      this.session.toolResulted({ id: res.id, name: res.name, ok: res.ok, ...(res.ok ? { output: res.text } : { error: res.text || 'the tool failed' }), durationMs });
      reported += 1;
    }
    return reported;
  }

  private note(text: string): void {
    const t = text.trim();
    if (t !== '' && !this.notes.includes(t)) this.notes.push(t);
  }

  private track(): void {
    this.learning.push(this.session.settled());
  }
}
