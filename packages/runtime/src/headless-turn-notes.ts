import type { HeadlessTurn } from './effects/run-headless-turn.js';

/**
 * What `engram run` says on stderr after the answer (stdout holds only the answer): a failure or
 * the round cap, each lesson learned, the memories waiting for confirmation, and the event log. Pure.
 */
export const headlessTurnNotes = ({ result, eventLog, lessons, pending }: Pick<HeadlessTurn, 'result' | 'eventLog' | 'lessons' | 'pending'>): string =>
  [
    ...(result.error ? [`engram run: the turn failed: ${result.error}`] : []),
    ...(result.stopReason === 'round_cap' ? ['engram run: the turn hit the round cap'] : []),
    ...lessons.map((l) => `learned [${l.id}] (${l.scope}) ${l.rule}`),
    ...(pending.length > 0 ? [`${pending.length} memor${pending.length === 1 ? 'y waits' : 'ies wait'} for your confirmation (engram memory pending accept|reject ID):`] : []),
    ...pending.map((p) => `  ${p.pendingId}  (${p.kind ?? 'lesson'}, ${p.scope ?? 'project'}) ${p.text}`),
    `event log: ${eventLog}`,
    '',
  ].join('\n');
