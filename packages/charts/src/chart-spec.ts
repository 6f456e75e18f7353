import { z } from 'zod';

/** A colour a series may ask for: `#rgb` or `#rrggbb` only, so nothing but a colour reaches the page. */
const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'a colour is #rgb or #rrggbb');

/** Extra fields a point shows in its tooltip, in this order (labels and values are text or numbers). */
const tooltipFields = z.record(z.string().min(1).max(80), z.union([z.string().max(500), z.number()]));

const point = z.strictObject({
  /** A number (line, scatter), an ISO date-time (line with `x.type: 'time'`) or a category (bar). */
  x: z.union([z.number(), z.string().max(200)]),
  /** The value; `null` leaves a gap (a line breaks there, a bar is not drawn). */
  y: z.number().nullable(),
  /** Radius in pixels of this point's dot (scatter), overriding the series' `size`. */
  size: z.number().positive().max(30).optional(),
  tooltip: tooltipFields.optional(),
});

const series = z.strictObject({
  name: z.string().min(1).max(120),
  color: color.optional(),
  /** Default dot radius (pixels) of a scatter series: a series that should stand out gets bigger dots. */
  size: z.number().positive().max(30).optional(),
  points: z.array(point).max(100_000),
});

const axis = z.strictObject({
  label: z.string().max(120),
  unit: z.string().max(40).optional(),
  /** Fixed range of a numeric axis; otherwise the data's extent (from zero for bars). */
  domain: z.tuple([z.number(), z.number()]).optional(),
  /** Values are shares (0..1) shown as percentages. */
  percent: z.boolean().optional(),
  /** Values are whole numbers (sessions, counts): ticks fall on integers only. */
  integer: z.boolean().optional(),
});

const xAxis = axis.extend({
  /** `number` (default for line and scatter), `time` (ISO strings), `category` (bar). */
  type: z.enum(['number', 'time', 'category']).optional(),
});

const common = {
  title: z.string().max(200).optional(),
  x: xAxis,
  y: axis,
  series: z.array(series).min(1).max(50),
  /** Shows the colour legend; by default when there is more than one series. */
  legend: z.boolean().optional(),
  /** Title of the legend and of the series line in tooltips (`series` when absent). */
  seriesLabel: z.string().max(80).optional(),
  /** Pixels; the width defaults to the element's width. */
  width: z.number().int().min(120).max(4000).optional(),
  height: z.number().int().min(80).max(4000).optional(),
};

const lineSpec = z.strictObject({ kind: z.literal('line'), ...common });
const scatterSpec = z.strictObject({ kind: z.literal('scatter'), ...common });
const barSpec = z.strictObject({
  kind: z.literal('bar'),
  ...common,
  /** Bars grow up from the categories (`vertical`, default) or right from them (`horizontal`: for long category names). */
  orientation: z.enum(['vertical', 'horizontal']).optional(),
});

/**
 * A chart as plain data: what to draw, never how. Labels, names and tooltip fields are text
 * (they are drawn with textContent, never parsed as HTML), colours are hex only, and the spec
 * round-trips through JSON, so it can be built anywhere and embedded in a page.
 */
export const chartSpecSchema = z.discriminatedUnion('kind', [lineSpec, barSpec, scatterSpec]);

export type ChartSpec = z.output<typeof chartSpecSchema>;
export type LineChartSpec = z.output<typeof lineSpec>;
export type BarChartSpec = z.output<typeof barSpec>;
export type ScatterChartSpec = z.output<typeof scatterSpec>;
export type ChartSeries = z.output<typeof series>;
export type ChartPoint = z.output<typeof point>;
export type ChartAxis = z.output<typeof xAxis>;
