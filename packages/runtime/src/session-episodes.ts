import type { Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { EpisodicMemory, type LogResult } from '@engram/hippocampus';
import type { Clock } from '@engram/kernel';

/**
 * The session's episodic memory: every user message, answer, tool call and result and cell is
 * written to `<project>/.engram/episodes/<session>.jsonl` (Anton's record shape), from the bus,
 * so every path (host-driven or engram-driven) is logged the same way. Writing never throws into
 * the session; failures are kept and reported by `problems()`.
 */
export class SessionEpisodes {
  readonly memory: EpisodicMemory;
  private readonly failures: string[] = [];

  constructor(bus: Bus, projectDir: string, enabled: boolean, clock: Clock) {
    this.memory = new EpisodicMemory({ projectDir, enabled, clock, onError: (f) => this.failures.push(`${f.file ?? 'episodes'}: ${f.error}`) });
    this.memory.log.resumeSession(bus.sessionId);
    bus.subscribe('session-episodes', (e) => this.record(e));
  }

  private record(e: AnyEnvelope): LogResult | undefined {
    const log = this.memory.log;
    if (e.type === 'executive.turn.started') return log.logTurn(e.turn, 'user', e.data.message);
    if (e.type === 'executive.turn.completed') return log.logTurn(e.turn, 'assistant', e.data.answer, { stop_reason: e.data.stopReason });
    if (e.type === 'executive.tool.called') return log.logTurn(e.turn, 'tool_call', e.data.argsSummary, { tool: e.data.name, id: e.data.toolUseId });
    if (e.type === 'executive.tool.resulted')
      return log.logTurn(e.turn, 'tool_result', e.data.ok ? e.data.output : e.data.error, { tool: e.data.name, id: e.data.toolUseId, ok: e.data.ok });
    if (e.type === 'scratchpad.cell.executed')
      return log.logTurn(e.turn, 'scratchpad', [e.data.stdout, e.data.stderr, e.data.error].filter(Boolean).join('\n'), { pad: e.data.pad, cell: e.data.cellId, ok: e.data.ok });
    return undefined;
  }

  /** Episode writes that failed (the session went on). */
  problems(): readonly string[] {
    return [...this.failures];
  }

  close(): void {
    this.memory.close();
  }
}
