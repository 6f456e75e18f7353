import { formatBase } from './format-base.js';
import type { SimReport, SweepPoint } from './sim-report.js';

const pad = (s: string, n: number): string => s.padEnd(n);
/** Width of the efficacy table's row labels (the longest is `learning on (recommended)`). */
const LABEL = 26;
const f = (x: number): string => x.toFixed(2);
const prf = (p: SweepPoint): string => `${f(p.precision)} ${f(p.recall)} ${f(p.f1)}`;

/** A setting as `field=value ...` (tool lists as `a+b`, `none` when empty). */
const formatSetting = (params: SweepPoint['params']): string =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? (v.length === 0 ? 'none' : v.join('+')) : String(v)}`)
    .join(' ');

/** The terminal report: one row per detector (recommended vs anton), then the efficacy table. */
export const formatSim = (r: SimReport): string => {
  const lines: string[] = [];
  lines.push(`engram sim: ${r.turns} turns, seed ${r.seed}`, ...(r.base === undefined ? [] : [formatBase(r.base)]), '');
  const w = Math.max(...r.detectors.map((d) => formatSetting(d.recommended.params).length), 'recommended'.length);
  lines.push(`${pad('detector', 30)} ${pad('positives', 9)} ${pad('recommended', w)}  P    R    F1   | anton P    R    F1   | fires`);
  for (const d of r.detectors)
    lines.push(`${pad(d.detector, 30)} ${pad(String(d.positives), 9)} ${pad(formatSetting(d.recommended.params), w)}  ${prf(d.recommended)} | anton ${prf(d.anton)} | ${(d.recommended.firingRate * 100).toFixed(1)}%`);
  const e = r.efficacy;
  lines.push('', `learning efficacy: ${e.sessions} sessions of ${e.turnsPerSession} turns, habits ${e.habits.join(', ')} (each ${e.habitRate} per turn), rules followed with p = ${e.p}`);
  lines.push(`${pad('failures per session', LABEL)} ${e.withoutLearning.map((_, i) => pad(`s${i + 1}`, 4)).join('')} total  reduction`);
  const total = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  lines.push(`${pad('learning off', LABEL)} ${e.withoutLearning.map((n) => pad(String(n), 4)).join('')} ${pad(String(total(e.withoutLearning)), 6)} -`);
  for (const run of e.runs)
    lines.push(`${pad(`learning on (${run.profile})`, LABEL)} ${run.failuresPerSession.map((n) => pad(String(n), 4)).join('')} ${pad(String(total(run.failuresPerSession)), 6)} ${(run.reduction * 100).toFixed(1)}%`);
  return `${lines.join('\n')}\n`;
};
