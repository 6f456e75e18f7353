import type { ChartSpec } from './chart-spec.js';
import { escapeHtml } from './escape-html.js';
import { renderChart } from './render-chart.js';

export interface ChartSectionOptions {
  /** The id of the element the chart is drawn into (a letter, then letters, digits, - or _). */
  readonly id: string;
  /** A heading shown above the chart (text). */
  readonly caption?: string;
  /** A class added to the figure, for the page's own layout. */
  readonly className?: string;
}

/**
 * One chart as a page fragment: a figure with its caption, the element it is drawn into and
 * the script that draws it. The page needs `chartHead()` once (in its head or before the first
 * section).
 */
export const chartSection = (spec: ChartSpec, options: ChartSectionOptions): string => {
  const script = renderChart(spec, options.id);
  const cls = options.className === undefined ? 'engram-chart' : `engram-chart ${escapeHtml(options.className)}`;
  const caption = options.caption === undefined ? '' : `<figcaption>${escapeHtml(options.caption)}</figcaption>`;
  return `<figure class="${cls}">${caption}<div class="engram-chart-plot" id="${options.id}"></div><script>${script}</script></figure>`;
};
