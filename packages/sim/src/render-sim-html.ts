import type { SimReport, SweepPoint } from './sim-report.js';
import { formatBase } from './format-base.js';

/** Chart geometry (pixels): small multiples a person can scan on one screen. */
const SIZE = 220;
const PAD = 32;
const COLORS = { sweep: '#94a3b8', anton: '#ea580c', recommended: '#16a34a', without: '#dc2626' } as const;

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const scale = (v: number, max: number, span: number): number => (max <= 0 ? 0 : (v / max) * span);

const axes = (xLabel: string, yLabel: string): string =>
  `<line x1="${PAD}" y1="${SIZE - PAD}" x2="${SIZE - 8}" y2="${SIZE - PAD}" stroke="#334155"/>` +
  `<line x1="${PAD}" y1="8" x2="${PAD}" y2="${SIZE - PAD}" stroke="#334155"/>` +
  `<text x="${SIZE / 2}" y="${SIZE - 6}" font-size="11" text-anchor="middle">${esc(xLabel)}</text>` +
  `<text x="10" y="${SIZE / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 10 ${SIZE / 2})">${esc(yLabel)}</text>`;

/** Precision against recall for every setting of the sweep; Anton's and the recommended setting stand out. */
const prChart = (points: readonly SweepPoint[], anton: SweepPoint, recommended: SweepPoint): string => {
  const span = SIZE - PAD - 8;
  const dot = (p: SweepPoint, color: string, r: number, title: string) =>
    `<circle cx="${(PAD + scale(p.recall, 1, span)).toFixed(1)}" cy="${(SIZE - PAD - scale(p.precision, 1, span)).toFixed(1)}" r="${r}" fill="${color}"><title>${esc(title)}</title></circle>`;
  return (
    `<svg class="chart" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img">` +
    axes('recall', 'precision') +
    points.map((p) => dot(p, COLORS.sweep, 3, `${JSON.stringify(p.params)}: P ${fmt(p.precision)} R ${fmt(p.recall)} F1 ${fmt(p.f1)}`)).join('') +
    dot(anton, COLORS.anton, 6, `anton: P ${fmt(anton.precision)} R ${fmt(anton.recall)}`) +
    dot(recommended, COLORS.recommended, 4, `recommended: P ${fmt(recommended.precision)} R ${fmt(recommended.recall)}`) +
    `</svg>`
  );
};

/** Share of turns each detector fires on, anton vs recommended. */
const firingChart = (report: SimReport): string => {
  const width = Math.max(SIZE * 2, report.detectors.length * 44 + PAD);
  const max = Math.max(0.01, ...report.detectors.flatMap((d) => [d.anton.firingRate, d.recommended.firingRate]));
  const span = SIZE - PAD - 8;
  const bars = report.detectors
    .map((d, i) => {
      const x = PAD + 8 + i * 44;
      const bar = (v: number, dx: number, color: string, who: string) =>
        `<rect x="${x + dx}" y="${(SIZE - PAD - scale(v, max, span)).toFixed(1)}" width="14" height="${scale(v, max, span).toFixed(1)}" fill="${color}"><title>${esc(`${d.detector} ${who}: fires on ${(v * 100).toFixed(1)}% of turns`)}</title></rect>`;
      return bar(d.anton.firingRate, 0, COLORS.anton, 'anton') + bar(d.recommended.firingRate, 16, COLORS.recommended, 'recommended');
    })
    .join('');
  return `<svg class="chart" width="${width}" height="${SIZE}" viewBox="0 0 ${width} ${SIZE}" role="img">${axes('detector', 'firing rate')}${bars}</svg>`;
};

/** Failures per session with learning off, and on with each profile's settings. */
const efficacyChart = (report: SimReport): string => {
  const e = report.efficacy;
  const series = [{ name: 'learning off', color: COLORS.without, values: e.withoutLearning }, ...e.runs.map((r) => ({ name: `learning on (${r.profile})`, color: r.profile === 'anton' ? COLORS.anton : COLORS.recommended, values: r.failuresPerSession }))];
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const sessions = Math.max(1, e.sessions - 1);
  const span = SIZE - PAD - 8;
  const width = SIZE * 2;
  const xSpan = width - PAD - 16;
  const lines = series
    .map((s) => {
      const pts = s.values.map((v, i) => `${(PAD + scale(i, sessions, xSpan)).toFixed(1)},${(SIZE - PAD - scale(v, max, span)).toFixed(1)}`).join(' ');
      return `<polyline points="${pts}" fill="none" stroke="${s.color}" stroke-width="2"><title>${esc(`${s.name}: ${s.values.join(', ')}`)}</title></polyline>`;
    })
    .join('');
  return `<svg class="chart" width="${width}" height="${SIZE}" viewBox="0 0 ${width} ${SIZE}" role="img">${axes('session', 'failures')}${lines}</svg>`;
};

/**
 * The simulation report as one self-contained HTML page (inline SVG, no scripts, nothing fetched):
 * precision-recall per detector across its sweep, firing rates, and learning efficacy.
 */
export const renderSimHtml = (report: SimReport): string => {
  const rows = report.detectors
    .map(
      (d) =>
        `<tr><td>${esc(d.detector)}</td><td>${d.positives}</td><td>${fmt(d.anton.precision)} / ${fmt(d.anton.recall)} / ${fmt(d.anton.f1)}</td><td>${fmt(d.recommended.precision)} / ${fmt(d.recommended.recall)} / ${fmt(d.recommended.f1)}</td><td><code>${esc(JSON.stringify(d.recommended.params))}</code></td></tr>`,
    )
    .join('');
  const charts = report.detectors.map((d) => `<figure><figcaption>${esc(d.detector)}</figcaption>${prChart(d.sweep, d.anton, d.recommended)}</figure>`).join('');
  const reductions = report.efficacy.runs.map((r) => `${esc(r.profile)}: ${(r.reduction * 100).toFixed(0)}% fewer failures`).join('; ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>engram sim: ${report.turns} turns, seed ${report.seed}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#0f172a}table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:4px 8px;text-align:left}figure{display:inline-block;margin:8px}figcaption{font-size:12px}.legend span{margin-right:16px}</style></head>
<body>
<h1>engram sim</h1>
<p>${report.turns} simulated turns, seed ${report.seed}. Precision / recall / F1 per detector against the scenario labels, for Anton's thresholds and the recommended setting.</p>
${report.base === undefined ? '' : `<p id="base">${esc(formatBase(report.base))}</p>\n`}<table><thead><tr><th>detector</th><th>labelled turns</th><th>anton P / R / F1</th><th>recommended P / R / F1</th><th>recommended params</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Precision and recall across each sweep</h2>
<p class="legend"><span style="color:${COLORS.sweep}">&#9679; sweep setting</span><span style="color:${COLORS.anton}">&#9679; anton</span><span style="color:${COLORS.recommended}">&#9679; recommended</span></p>
<div id="pr-charts">${charts}</div>
<h2>Firing rates</h2>
<div id="firing">${firingChart(report)}</div>
<h2>Learning efficacy</h2>
<p>${report.efficacy.sessions} sessions of ${report.efficacy.turnsPerSession} turns; the agent follows a rule it was shown with p = ${report.efficacy.p}. ${reductions}.</p>
<div id="efficacy">${efficacyChart(report)}</div>
</body></html>
`;
};
