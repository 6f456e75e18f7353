import type { ChartSpec } from './chart-spec.js';
import { embedJson } from './embed-json.js';
import { parseChartSpec } from './parse-chart-spec.js';
import { toPlotDescription } from './plot-description.js';

/** An element id a script may name without quoting trouble. */
const ELEMENT_ID = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

/**
 * The small script that draws `spec` into the element `elementId` of a page that holds
 * `chartScript()`. The spec is checked first (an `InputError` names the bad field); its data is
 * embedded as escaped JSON, so labels stay text whatever they contain.
 */
export const renderChart = (spec: ChartSpec, elementId: string): string => {
  if (!ELEMENT_ID.test(elementId)) throw new Error(`renderChart: element id ${JSON.stringify(elementId)} must be a letter then letters, digits, - or _`);
  const description = toPlotDescription(parseChartSpec(spec));
  return `engramChart(${embedJson(elementId)}, ${embedJson(description)});`;
};
