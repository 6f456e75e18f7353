import { chartSection, fitChartSpec, instinctConfidenceChart, learningCurveChart, memoryHitRateChart, memoryInjectionsChart, type BarChartSpec, type ChartSectionOptions, type ChartSpec } from '@engram/charts';
import type { MemoryAudit } from '@engram/runtime';
import type { ConfidenceSeries } from '../data/confidence-over-time.js';
import type { SessionRow } from '../data/session-row.js';
import type { EntryView } from '../view-source.js';
import { escapeHtml, urlPart } from './escape-html.js';
import { percent, shortTime } from './format.js';
import { shortLabel } from './short-label.js';

// One function per chart, each drawn by @engram/charts (Observable Plot, inlined by the page's
// head); the numbers behind a chart stay a click away as a table.

/**
 * A chart from data, shortened to fit (`fitChartSpec`: a habit chain of MCP tool names is longer
 * than a series name may be); whatever still cannot be drawn is an empty state naming why, never
 * a page that fails.
 */
const section = (spec: ChartSpec, options: ChartSectionOptions): string => {
  try {
    return chartSection(fitChartSpec(spec), options);
  } catch (err) {
    return `<div class="empty">chart not drawn: ${escapeHtml(err instanceof Error ? err.message : String(err))}</div>`;
  }
};

/** How a rate reads on a category axis: "no data" and 0% must not look alike (a missing bar and a zero-length one do). */
const rateLabel = (name: string, rate: number | null): string => `${name} · ${rate === null ? 'no data' : percent(rate)}`;

const card = (chart: string, table: string): string => `<div class="card chart-card">${chart}<details><summary>the numbers</summary>${table}</details></div>`;

/** The learning curve: failures per session, oldest first. */
export const failuresPerSessionChart = (rows: readonly SessionRow[]): string => {
  if (rows.length === 0) return '<div class="empty">no sessions yet</div>';
  const spec = learningCurveChart([{ name: 'this project', sessions: rows.map((r) => ({ session: r.id, failures: r.failures, ...(r.startedAt === null ? {} : { at: r.startedAt }), turns: r.turns })) }]);
  const table = `<table data-chart="failures-per-session"><thead><tr><th>Session</th><th>Started (UTC)</th><th class="num">Failures</th><th class="num">Lessons</th><th class="num">Turns</th></tr></thead><tbody>${rows
    .map((r) => `<tr><td><a class="mono" href="/sessions/${urlPart(r.id)}">${escapeHtml(r.id)}</a></td><td>${escapeHtml(shortTime(r.startedAt))}</td><td class="num">${r.failures}</td><td class="num">${r.lessons}</td><td class="num">${r.turns}</td></tr>`)
    .join('')}</tbody></table>`;
  return card(section(spec, { id: 'chart-failures' }), table);
};

/** Each habit pattern's confidence at the end of each session. */
export const confidenceChart = (series: readonly ConfidenceSeries[]): string => {
  if (series.length === 0) return '<div class="empty">no tool-call patterns yet</div>';
  const spec = instinctConfidenceChart(series.map((s) => ({ id: s.id, label: s.description, history: s.points.map((p) => ({ at: p.at, confidence: p.confidence })) })));
  const table = `<table data-chart="confidence"><thead><tr><th>Pattern</th><th>Confidence after each session</th><th class="num">Now</th></tr></thead><tbody>${series
    .map((s) => `<tr><td>${shortLabel(s.description)}<div class="sub mono" style="margin:0">${shortLabel(s.id)}</div></td><td class="mono">${s.points.map((p) => p.confidence.toFixed(2)).join(' → ')}</td><td class="num">${(s.points.at(-1)?.confidence ?? 0).toFixed(2)}</td></tr>`)
    .join('')}</tbody></table>`;
  return card(section(spec, { id: 'chart-confidence' }), table);
};

/** The audit's rates (`engram memory stats`) as bars; a rate with nothing to judge has no bar. */
export const auditChart = (s: MemoryAudit): string => {
  const rows: [string, number | null, string][] = [
    ['hit rate', s.hitRate.rate, `${s.hitRate.hits} of ${s.hitRate.turns} turns`],
    ['false-learning rate', s.falseLearningRate.rate, `${s.falseLearningRate.contradicted} contradicted, ${s.falseLearningRate.removed} removed, ${s.falseLearningRate.archived} archived of ${s.falseLearningRate.learned} learned`],
    ['promotion precision', s.promotionPrecision.rate, `${s.promotionPrecision.recurred} of ${s.promotionPrecision.judged} judged promotions recurred`],
  ];
  const spec: BarChartSpec = {
    kind: 'bar',
    orientation: 'horizontal',
    x: { label: 'metric', type: 'category' },
    y: { label: 'rate', domain: [0, 1], percent: true },
    series: [{ name: 'rate', points: rows.map(([k, v, from]) => ({ x: rateLabel(k, v), y: v, tooltip: { from } })) }],
    legend: false,
  };
  const table = `<table data-chart="audit"><thead><tr><th>Metric</th><th class="num">Value</th><th>From</th></tr></thead><tbody>${rows.map(([k, v, f]) => `<tr><td>${k}</td><td class="num">${v === null ? 'no data' : percent(v)}</td><td>${escapeHtml(f)}</td></tr>`).join('')}</tbody></table>`;
  return card(section(spec, { id: 'chart-audit' }), table);
};

/** Entries drawn as bars, the most injected first: a chart of thousands of bars reads as none. */
const MAX_ENTRY_BARS = 40;

/** Per stored entry: turns injected and held, and the hit rate (the audit narrowed to each entry). */
export const entryUsageCharts = (entries: readonly EntryView[]): string => {
  const used = entries
    .filter((e) => e.usage.turns > 0)
    .sort((a, b) => b.usage.turns - a.usage.turns)
    .slice(0, MAX_ENTRY_BARS);
  if (used.length === 0) return '';
  const stats = used.map((e) => ({ id: e.entry.id, text: e.entry.text, scope: e.scope, injections: e.usage.turns, hits: e.usage.hitRate === null ? null : e.usage.hits }));
  return `<div class="grid2"><div class="card chart-card">${section(memoryInjectionsChart(stats), { id: 'chart-injections', caption: 'Turns each entry was injected in, and held' })}</div><div class="card chart-card">${section(memoryHitRateChart(stats), { id: 'chart-hit-rate', caption: 'Hit rate per entry' })}</div></div>`;
};
