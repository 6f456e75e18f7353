import { chartHead, chartSection, escapeHtml as esc } from '@engram/charts';
import type { SimReport } from './sim-report.js';
import { formatBase } from './format-base.js';
import { efficacyChart, firingRateChart, precisionRecallChart } from './sim-charts.js';

/** A detector id as an element id (`acc.kill-loop` -> `pr-acc-kill-loop`). */
const chartId = (detector: string): string => `pr-${detector.replace(/[^A-Za-z0-9_-]/g, '-')}`;

const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

/**
 * The simulation report as one self-contained HTML page (Observable Plot inlined, nothing
 * fetched): precision-recall per detector across its sweep, firing rates, and learning efficacy,
 * each a chart with axes, ticks, a legend and tooltips.
 */
export const renderSimHtml = (report: SimReport): string => {
  const rows = report.detectors
    .map(
      (d) =>
        `<tr><td>${esc(d.detector)}</td><td>${d.positives}</td><td>${fmt(d.anton.precision)} / ${fmt(d.anton.recall)} / ${fmt(d.anton.f1)}</td><td>${fmt(d.recommended.precision)} / ${fmt(d.recommended.recall)} / ${fmt(d.recommended.f1)}</td><td><code>${esc(JSON.stringify(d.recommended.params))}</code></td></tr>`,
    )
    .join('');
  const charts = report.detectors.map((d) => chartSection(precisionRecallChart(d), { id: chartId(d.detector), caption: d.detector, className: 'pr' })).join('\n');
  const reductions = report.efficacy.runs.map((r) => `${esc(r.profile)}: ${(r.reduction * 100).toFixed(0)}% fewer failures`).join('; ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>engram sim: ${report.turns} turns, seed ${report.seed}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1120px;padding:0 16px;color:#0f172a}h2{margin-top:32px}table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #cbd5e1;padding:4px 8px;text-align:left}td:nth-child(3),td:nth-child(4){white-space:nowrap}th{background:#f1f5f9}#pr-charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:8px 24px}</style>
${chartHead()}</head>
<body>
<h1>engram sim</h1>
<p>${report.turns} simulated turns, seed ${report.seed}. Precision / recall / F1 per detector against the scenario labels, for Anton's thresholds and the recommended setting.</p>
${report.base === undefined ? '' : `<p id="base">${esc(formatBase(report.base))}</p>\n`}<table><thead><tr><th>detector</th><th>labelled turns</th><th>anton P / R / F1</th><th>recommended P / R / F1</th><th>recommended params</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Precision and recall across each sweep</h2>
<p>Every setting of each detector's sweep (grey), Anton's thresholds (orange) and the recommended setting (green); hover a dot for its setting, F1 and counts.</p>
<div id="pr-charts">${charts}</div>
<h2>Firing rates</h2>
<p>Share of the scored turns each detector fires on, under Anton's thresholds and the recommended setting.</p>
<div id="firing">${chartSection(firingRateChart(report), { id: 'firing-chart' })}</div>
<h2>Learning efficacy</h2>
<p>${report.efficacy.sessions} sessions of ${report.efficacy.turnsPerSession} turns; the agent follows a rule it was shown with p = ${report.efficacy.p}. ${reductions}.</p>
<div id="efficacy">${chartSection(efficacyChart(report), { id: 'efficacy-chart' })}</div>
</body></html>
`;
};
