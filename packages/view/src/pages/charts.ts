import type { MemoryAudit } from '@engram/runtime';
import type { ConfidenceSeries } from '../data/confidence-over-time.js';
import type { SessionRow } from '../data/session-row.js';
import { escapeHtml, urlPart } from './escape-html.js';
import { percent, shortTime } from './format.js';

// One function per chart. Until @engram/charts lands each draws its data as a table; then each
// becomes a chart spec rendered by that package, with the same inputs.

/** The learning curve: failures (and lessons) per session, oldest first. */
export const failuresPerSessionChart = (rows: readonly SessionRow[]): string =>
  rows.length === 0
    ? '<div class="empty">no sessions yet</div>'
    : `<table class="chart" data-chart="failures-per-session"><thead><tr><th>Session</th><th>Started (UTC)</th><th class="num">Failures</th><th class="num">Lessons</th><th class="num">Turns</th></tr></thead><tbody>${rows
        .map((r) => `<tr><td><a class="mono" href="/sessions/${urlPart(r.id)}">${escapeHtml(r.id)}</a></td><td>${escapeHtml(shortTime(r.startedAt))}</td><td class="num">${r.failures}</td><td class="num">${r.lessons}</td><td class="num">${r.turns}</td></tr>`)
        .join('')}</tbody></table>`;

/** Each habit pattern's confidence at the end of each session. */
export const confidenceChart = (series: readonly ConfidenceSeries[]): string =>
  series.length === 0
    ? '<div class="empty">no tool-call patterns yet</div>'
    : `<table class="chart" data-chart="confidence"><thead><tr><th>Pattern</th><th>Confidence after each session</th><th class="num">Now</th></tr></thead><tbody>${series
        .map((s) => `<tr><td>${escapeHtml(s.description)}<div class="sub mono" style="margin:0">${escapeHtml(s.id)}</div></td><td class="mono">${s.points.map((p) => p.confidence.toFixed(2)).join(' → ')}</td><td class="num">${(s.points.at(-1)?.confidence ?? 0).toFixed(2)}</td></tr>`)
        .join('')}</tbody></table>`;

/** The audit's rates (`engram memory stats`). */
export const auditChart = (s: MemoryAudit): string => {
  const rows: [string, string, string][] = [
    ['hit rate', percent(s.hitRate.rate), `${s.hitRate.hits} of ${s.hitRate.turns} turns`],
    ['false-learning rate', percent(s.falseLearningRate.rate), `${s.falseLearningRate.contradicted} contradicted, ${s.falseLearningRate.removed} removed, ${s.falseLearningRate.archived} archived of ${s.falseLearningRate.learned} learned`],
    ['promotion precision', percent(s.promotionPrecision.rate), `${s.promotionPrecision.recurred} of ${s.promotionPrecision.judged} judged promotions recurred`],
  ];
  return `<table class="chart" data-chart="audit"><thead><tr><th>Metric</th><th class="num">Value</th><th>From</th></tr></thead><tbody>${rows.map(([k, v, f]) => `<tr><td>${k}</td><td class="num">${v}</td><td>${escapeHtml(f)}</td></tr>`).join('')}</tbody></table>`;
};
