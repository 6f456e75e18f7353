import type { AnyEnvelope } from '@engram/events';

/**
 * What a turn is doing, for a host's progress display (the REPL's spinner lines and its visible
 * ACC nudge). Derived from the bus events of the turn (`activityOf`), never a second event path:
 * `tool-start` is `executive.tool.called`, `tool-end` is `executive.tool.resulted` (or the
 * breaker's block, `executive.tool.guarded` `blocked`, for a call that never ran), `nudge` is
 * `acc.nudge.emitted`, `compacted` is `executive.history.compacted`.
 */
export type TurnActivity =
  | { readonly kind: 'tool-start'; readonly id: string; readonly name: string; readonly summary: string }
  | { readonly kind: 'tool-end'; readonly id: string; readonly name: string; readonly ok: boolean; readonly durationMs: number }
  | { readonly kind: 'nudge'; readonly text: string }
  /** Old turns were summarised (`turns`: how many were folded into the summary). */
  | { readonly kind: 'compacted'; readonly turns: number };

/** The activity an event stands for, or null. Pure. */
export const activityOf = (e: AnyEnvelope): TurnActivity | null => {
  switch (e.type) {
    case 'executive.tool.called':
      return { kind: 'tool-start', id: e.data.toolUseId, name: e.data.name, summary: e.data.argsSummary };
    case 'executive.tool.resulted':
      return { kind: 'tool-end', id: e.data.toolUseId, name: e.data.name, ok: e.data.ok, durationMs: e.data.durationMs };
    case 'executive.tool.guarded':
      return e.data.action === 'blocked' ? { kind: 'tool-end', id: e.data.toolUseId, name: e.data.name, ok: false, durationMs: 0 } : null;
    case 'acc.nudge.emitted':
      return { kind: 'nudge', text: e.data.text };
    case 'executive.history.compacted':
      return { kind: 'compacted', turns: e.data.toTurn - e.data.fromTurn + 1 };
    default:
      return null;
  }
};
