import type { AnyEnvelope } from '@engram/events';
import { toolSummary } from './format-activity.js';

/**
 * What happens inside a turn that the person watching should see: a tool call starting and
 * ending, a nudge from the ACC, old turns compacted. The runtime's `TurnOptions.onActivity` shape.
 */
export type TurnActivity =
  | { readonly kind: 'tool-start'; readonly id: string; readonly name: string; readonly summary: string }
  | { readonly kind: 'tool-end'; readonly id: string; readonly name: string; readonly ok: boolean; readonly durationMs: number }
  | { readonly kind: 'nudge'; readonly text: string }
  | { readonly kind: 'compacted'; readonly turns: number };

/** The activity a recorded event stands for, or null: the session's events are the one source of truth for what ran. */
export const activityOfEvent = (e: AnyEnvelope): TurnActivity | null => {
  switch (e.type) {
    case 'executive.tool.called':
      return { kind: 'tool-start', id: e.data.toolUseId, name: e.data.name, summary: toolSummary(e.data.input) };
    case 'executive.tool.resulted':
      return { kind: 'tool-end', id: e.data.toolUseId, name: e.data.name, ok: e.data.ok, durationMs: e.data.durationMs };
    case 'acc.nudge.emitted':
      return { kind: 'nudge', text: e.data.text };
    default:
      return null;
  }
};
