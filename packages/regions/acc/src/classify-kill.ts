/** Why a cell was killed, read from its reason text: hung (liveness), too heavy, or unknown. */
export type KillClass = 'liveness' | 'heavy' | 'ambiguous';

/**
 * Anton's classification (anton.md §2.5 #6), in its order: an auto-install kill says nothing
 * about the cell; liveness/inactivity wording means the worker hung; no reason, or a kill before
 * any output, is unknown; anything else (timeouts, cancellations) means the cell was too heavy.
 */
export const classifyKill = (reason: unknown): KillClass => {
  const text = (typeof reason === 'string' ? reason : reason === null || reason === undefined ? '' : JSON.stringify(reason)).toLowerCase();
  if (text.includes('auto-install')) return 'ambiguous';
  if (text.includes('liveness') || text.includes('inactivity')) return 'liveness';
  if (text === '' || text.includes('without producing any output')) return 'ambiguous';
  return 'heavy';
};
