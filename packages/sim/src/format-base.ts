import type { BaseReport } from './base-report.js';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * One paragraph on the real logs a run was built on, for the terminal and the HTML report: how
 * many simulated turns were built on how many recorded ones, what was skipped and why, and which
 * detectors were left unscored on which turns (they already fire on the recorded events).
 */
export const formatBase = (b: BaseReport): string => {
  const parts = [
    `built on real logs: ${b.builtOnBase} simulated turns on ${plural(b.turns, 'recorded turn')} from ${plural(b.logs.length, 'log')} (base rate ${b.rate})`,
    `${plural(b.skipped.total, 'recorded turn')} skipped (${b.skipped.byReason.unfinished} unfinished, ${b.skipped.byReason.damaged} damaged), ${plural(b.badLines, 'unreadable line')}`,
  ];
  const fires = b.firesUnderAnton.map((f) => `${f.detector} (fires on ${plural(f.baseTurns, 'recorded turn')}; ${f.unscoredTurns} simulated turns unscored)`);
  parts.push(fires.length === 0 ? 'no detector fires on the recorded turns alone under anton' : `already firing under anton, so unscored where not injected: ${fires.join(', ')}`);
  return `${parts.join('; ')}.`;
};
