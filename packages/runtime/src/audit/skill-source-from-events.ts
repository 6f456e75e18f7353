import type { AnyEnvelope } from '@engram/events';
import type { DraftCell, SkillSource } from '@engram/hippocampus';

/**
 * What a skill is drafted from, read off a session's event log: the user's messages
 * (`executive.turn.started`) and each cell (`scratchpad.cell.requested` for the code and its
 * description, joined by cell id with `scratchpad.cell.executed` for the result), in log order.
 */
export const skillSourceFromEvents = (events: readonly AnyEnvelope[]): SkillSource => {
  const userMessages: string[] = [];
  const cells = new Map<string, { description: string; code: string; ok: boolean | null; output: string }>();
  let sessionId = '';
  for (const e of events) {
    if (sessionId === '') sessionId = e.sessionId;
    if (e.type === 'executive.turn.started') userMessages.push(e.data.message);
    else if (e.type === 'scratchpad.cell.requested') cells.set(e.data.cellId, { description: e.data.description, code: e.data.code, ok: null, output: '' });
    else if (e.type === 'scratchpad.cell.executed') {
      const cell = cells.get(e.data.cellId);
      if (cell === undefined) continue;
      cell.ok = e.data.ok;
      cell.output = [e.data.stdout, e.data.stderr, e.data.error].filter((s) => s !== '').join('\n');
    }
  }
  const list: DraftCell[] = [...cells.values()];
  return { sessionId, userMessages, cells: list };
};
