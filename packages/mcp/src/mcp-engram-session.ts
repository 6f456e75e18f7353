import type { AnyEnvelope } from '@engram/events';
import { learnedFromLog, type EngramSession, type LearnedItem, type LearnedLesson, type MemorizeReport, type Nudge } from '@engram/runtime';

/**
 * The user message of a turn that a tool report had to open: the client called `pre_call` or
 * `tool_result` without `start_turn` first.
 */
export const IMPLICIT_TURN_MESSAGE = '(no message was reported to engram: this turn was opened by an MCP tool call)';

export interface PreCallAnswer {
  readonly callId: string;
  readonly verdict: 'allow' | 'warn' | 'block';
  readonly failures: number;
  readonly explanation: string;
  readonly advice: string;
}

export interface ToolResultAnswer {
  readonly callId: string;
  /** False for a call the breaker blocked: it never ran, so there is no result to record. */
  readonly recorded: boolean;
  readonly nudges: readonly Nudge[];
}

export interface EndTurnAnswer {
  readonly turn: number;
  readonly lessons: readonly LearnedLesson[];
  /** What reached the memory files during the turn (lessons, memorized entries), traced to what taught it. */
  readonly stored: readonly LearnedItem[];
}

export interface ToolResultReport {
  readonly callId?: string | undefined;
  readonly tool: string;
  readonly input?: unknown;
  readonly ok: boolean;
  readonly output?: string | undefined;
  readonly error?: string | undefined;
  readonly durationMs?: number | undefined;
}

/**
 * One MCP client's engram session: the host-driven session API (`startTurn`, `toolCalled`,
 * `preCall`, `toolResulted`, `endRound`, `endTurn`) in the shape of the MCP tools. A turn opens
 * with `start_turn` or implicitly at the first call report; one reported tool call is one round
 * (as in the Claude Code hooks), so self-checks come back with the result that triggered them.
 * Everything is scrubbed and capped by the runtime where it enters.
 */
export class McpEngramSession {
  /** The calls `pre_call` blocked this turn: they never run, so a result reported for one is not recorded. */
  private readonly blocked = new Set<string>();
  /** The calls `pre_call` reported this turn, by id: a result names the call it answers. */
  private readonly calls = new Map<string, string>();
  /** The open turn's events, to tell what it stored once it ends. */
  private turnEvents: AnyEnvelope[] = [];
  private closing: Promise<void> | null = null;

  constructor(readonly session: EngramSession) {
    session.events$.subscribe((e) => {
      if (e.type === 'executive.turn.started') this.turnEvents = [];
      this.turnEvents.push(e);
    });
  }

  get id(): string {
    return this.session.id;
  }

  get eventLog(): string {
    return this.session.eventLog;
  }

  startTurn(message: string): number {
    this.session.startTurn(message);
    this.blocked.clear();
    this.calls.clear();
    return this.turnEvents[0]?.turn ?? 0;
  }

  private ensureTurn(): void {
    if (!this.session.inTurn) this.startTurn(IMPLICIT_TURN_MESSAGE);
  }

  /** Reports the call the host is about to make and asks the breaker and memory about it. */
  async preCall(tool: string, input: unknown, callId?: string): Promise<PreCallAnswer> {
    this.ensureTurn();
    if (callId !== undefined && this.calls.has(callId)) throw new Error(`call ${callId} was already reported; give each call its own callId`);
    const id = this.session.toolCalled({ ...(callId === undefined ? {} : { id: callId }), name: tool, input });
    this.calls.set(id, tool);
    const { verdict, advice } = await this.session.preCall(id, tool, input);
    if (verdict.action === 'block') this.blocked.add(id);
    return verdict.action === 'allow'
      ? { callId: id, verdict: 'allow', failures: 0, explanation: '', advice }
      : { callId: id, verdict: verdict.action, failures: verdict.failures, explanation: verdict.explanation, advice };
  }

  /** Records what a call returned and ends its round; a call never announced by `pre_call` is reported first. */
  toolResult(r: ToolResultReport): ToolResultAnswer {
    this.ensureTurn();
    let id = r.callId;
    if (id !== undefined && !this.calls.has(id)) throw new Error(`no call ${id} was reported by pre_call in this turn; omit callId to report a call and its result at once`);
    if (id !== undefined && this.calls.get(id) !== r.tool) throw new Error(`call ${id} was reported for tool ${JSON.stringify(this.calls.get(id))}, not ${JSON.stringify(r.tool)}`);
    if (id !== undefined && this.blocked.has(id)) return { callId: id, recorded: false, nudges: [] };
    if (id === undefined) {
      id = this.session.toolCalled({ name: r.tool, input: r.input ?? {} });
      this.calls.set(id, r.tool);
    }
    this.session.toolResulted({ id, name: r.tool, ok: r.ok, output: r.output ?? '', error: r.error ?? '', durationMs: r.durationMs ?? 0 });
    return { callId: id, recorded: true, nudges: this.session.endRound() };
  }

  /** Ends the turn with its answer and waits until what it taught is stored. */
  async endTurn(answer: string): Promise<EndTurnAnswer> {
    if (!this.session.inTurn) throw new Error('no turn is open: report a call (pre_call, tool_result) or call start_turn before end_turn');
    const summary = this.session.endTurn(answer);
    await this.session.settled();
    return { turn: summary.turn, lessons: summary.lessons, stored: learnedFromLog(this.turnEvents) };
  }

  memorize(entry: { readonly text: string; readonly kind: string; readonly scope?: string | undefined; readonly topic?: string | undefined }): Promise<MemorizeReport> {
    return this.session.memorize({ entries: [entry] });
  }

  recall(input: { readonly query: string; readonly literal?: boolean | undefined; readonly max_results?: number | undefined; readonly days_back?: number | undefined }): Promise<string> {
    return this.session.recall(input);
  }

  recallSkill(label: string): Promise<string> {
    return this.session.recallSkill({ label });
  }

  memoryContext(message: string): Promise<string> {
    return this.session.memoryContext(message, { skills: true });
  }

  /** Settles and ends the session (an open turn is cancelled, nothing learned from it); safe to call more than once. */
  close(): Promise<void> {
    return (this.closing ??= this.session.close());
  }

  /** What the session could not do and went on without (an episode line recall could not read, a write that failed). */
  problems(): readonly string[] {
    return this.session.problems();
  }
}
