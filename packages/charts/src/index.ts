/**
 * @engram/charts: charts as typed, zod-checked specs (line, bar, scatter), drawn in the page by
 * Observable Plot, which is inlined (read from node_modules) so a page works with no network.
 *
 * Consumes plain data. Produces HTML and script text: `chartHead()` once per page (styles and
 * the library), then `chartSection(spec, { id })` per chart, or `renderChart(spec, id)` for a
 * page that lays out its own elements. Reads the library's files once; writes nothing.
 */
export { chartSpecSchema, type ChartSpec, type LineChartSpec, type BarChartSpec, type ScatterChartSpec, type ChartSeries, type ChartPoint, type ChartAxis } from './chart-spec.js';
export { parseChartSpec } from './parse-chart-spec.js';
export { toPlotDescription, PALETTE, type PlotDescription, type PlotMark } from './plot-description.js';
export { renderChart } from './render-chart.js';
export { fitChartSpec } from './fit-chart-spec.js';
export { chartSection, type ChartSectionOptions } from './chart-section.js';
export { chartHead } from './chart-head.js';
export { chartScript } from './effects/chart-script.js';
export { CHART_STYLES } from './chart-styles.js';
export { embedJson } from './embed-json.js';
export { escapeHtml } from './escape-html.js';
export { learningCurveChart, type LearningCurveSeries, type SessionFailures } from './learning-curve-chart.js';
export { instinctConfidenceChart, type InstinctHistory } from './instinct-confidence-chart.js';
export { memoryInjectionsChart } from './memory-injections-chart.js';
export { memoryHitRateChart } from './memory-hit-rate-chart.js';
export type { MemoryEntryStats } from './memory-entry-stats.js';
