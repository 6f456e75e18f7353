/** Notes of one turn shown to the model; the system prompt is sent again on every step, so a long turn keeps only its latest. */
export const MAX_TURN_NOTES = 12;

export const MEMORY_HEADING = '# engram: what this agent learned in earlier sessions';
export const NOTES_HEADING = '# engram: notes for this turn (breaker warnings, advice for your tool calls, self-checks)';

/**
 * The system text engram adds to a model call: the memory block chosen for the turn's message,
 * then what engram said during the turn (the circuit breaker's warnings and blocks, the advice
 * for the calls made, the ACC's self-checks), latest last. Empty when there is nothing to say.
 */
export const engramSystemText = (memory: string, notes: readonly string[]): string => {
  const parts: string[] = [];
  if (memory.trim() !== '') parts.push(`${MEMORY_HEADING}\n\n${memory.trim()}`);
  const shown = notes.slice(-MAX_TURN_NOTES);
  if (shown.length > 0) parts.push(`${NOTES_HEADING}\n\n${shown.map((n) => `- ${n.trim().replace(/\n/g, '\n  ')}`).join('\n')}`);
  return parts.join('\n\n');
};
