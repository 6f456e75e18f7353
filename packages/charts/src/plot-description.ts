import type { ChartAxis, ChartSpec } from './chart-spec.js';
import { xType } from './parse-chart-spec.js';

/** Colours of series that name none: Tableau 10, readable on white and distinct for 10 series. */
export const PALETTE = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#bab0ab'] as const;
/** Default height (pixels): tall enough for readable ticks, small enough for several charts per screen. */
const HEIGHT = 280;
/** Dot radius of scatter points and of the hover targets on lines. */
const DOT = 3.5;
/** Approximate width of one character of a 10px tick label, to size the left margin for long category names. */
const CHAR_PX = 6.8;
/** Height per bar of a horizontal bar chart. */
const BAR_PX = 16;
/** Room of a horizontal bar chart for its axis, and between two categories. */
const BAR_FRAME_PX = 70;
const BAR_GAP_PX = 10;
/** Spacing of time ticks: a date label is wider than a number. */
const TIME_TICK_PX = 120;
/** Up to this many whole numbers on an axis, each gets a tick; beyond, the ticks are whole-number formatted. */
const MAX_INTEGER_TICKS = 24;

/** One mark: a Plot mark function name, its rows and its options (JSON only: field names, constants). */
export interface PlotMark {
  readonly mark: 'dot' | 'line' | 'barX' | 'barY' | 'ruleX' | 'ruleY';
  readonly data: readonly Record<string, string | number | null>[];
  readonly options: Record<string, unknown>;
}

/** What the page's small client turns into `Plot.plot({...options, marks})`. */
export interface PlotDescription {
  readonly options: Record<string, unknown>;
  readonly marks: readonly PlotMark[];
  /** x values are ISO strings the client turns into Dates. */
  readonly xTime: boolean;
}

const axisLabel = (a: ChartAxis | Omit<ChartAxis, 'type'>): string => (a.unit === undefined || a.unit === '' ? a.label : `${a.label} (${a.unit})`);


/**
 * Rows of all series: `x`, `y`, `series`, `r` and one `t<i>` per tooltip field (field names are
 * the caller's text, so they travel as channel labels, never as keys the code reads).
 */
const rows = (spec: ChartSpec): { data: Record<string, string | number | null>[]; fields: string[] } => {
  const fields: string[] = [];
  for (const s of spec.series) for (const p of s.points) for (const k of Object.keys(p.tooltip ?? {})) if (!fields.includes(k)) fields.push(k);
  const data = spec.series.flatMap((s) =>
    s.points.map((p) => {
      const row: Record<string, string | number | null> = { x: p.x, y: p.y, series: s.name, r: p.size ?? s.size ?? DOT };
      fields.forEach((k, i) => (row[`t${i}`] = p.tooltip?.[k] ?? null));
      return row;
    }),
  );
  return { data, fields };
};

/** The tooltip of a mark: series, x, y (formatted per axis) and every extra field. */
const tip = (spec: ChartSpec, fields: readonly string[], xy: { x: string; y: string }): Record<string, unknown> => {
  const channels: Record<string, { value: string; label: string }> = {};
  fields.forEach((label, i) => (channels[`t${i}`] = { value: `t${i}`, label }));
  const format: Record<string, unknown> = { [xy.y]: spec.y.percent === true ? '.1%' : true, r: false };
  if (spec.x.percent === true) format[xy.x] = '.1%';
  return { channels, tip: { format } };
};

/** Ticks of an integer axis: every whole number of the data's range when they are few, else whole-number labels. */
const integerTicks = (values: readonly number[], zero: boolean): Record<string, unknown> => {
  if (values.length === 0) return { tickFormat: 'd' };
  const lo = Math.floor(Math.min(...values, zero ? 0 : Infinity));
  const hi = Math.max(lo + 1, Math.ceil(Math.max(...values)));
  if (hi - lo + 1 > MAX_INTEGER_TICKS) return { tickFormat: 'd' };
  return { ticks: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i), tickFormat: 'd' };
};

/** The numeric axis' scale options; `values` are the data on it (for integer ticks). */
const numericScale = (a: Omit<ChartAxis, 'type'>, zero: boolean, values: readonly number[]): Record<string, unknown> => ({
  label: axisLabel(a),
  grid: true,
  nice: a.domain === undefined,
  ...(a.percent === true ? { tickFormat: '.0%' } : a.integer === true ? integerTicks(values, zero) : {}),
  ...(a.domain === undefined ? (zero ? { zero: true } : {}) : { domain: a.domain }),
});

/**
 * The chart as Observable Plot options and marks, all plain JSON: pure, so the browser side is
 * a few lines that call `Plot.plot`, and what a chart will show is testable without a browser.
 */
export const toPlotDescription = (spec: ChartSpec): PlotDescription => {
  const names = spec.series.map((s) => s.name);
  const range = spec.series.map((s, i) => s.color ?? PALETTE[i % PALETTE.length] ?? '#4e79a7');
  const legend = spec.legend ?? spec.series.length > 1;
  const color = { type: 'ordinal', domain: names, range, legend, label: spec.seriesLabel ?? 'series' };
  const { data, fields } = rows(spec);
  const base = {
    ...(spec.title === undefined ? {} : { title: spec.title }),
    ...(spec.width === undefined ? {} : { width: spec.width }),
    style: { fontSize: '11px', overflow: 'visible' },
    color,
  };
  const present = data.filter((d) => d.y !== null);
  const ys = present.map((d) => Number(d.y));
  const xs = data.map((d) => d.x).filter((v): v is number => typeof v === 'number');
  if (spec.kind === 'bar') {
    const categories = [...new Set(spec.series.flatMap((s) => s.points.map((p) => String(p.x))))];
    const margin = Math.min(300, Math.max(40, Math.ceil(Math.max(0, ...categories.map((c) => c.length)) * CHAR_PX) + 28));
    const x = axisLabel(spec.x);
    // The zero line in every category's facet, so a category without a bar keeps its place (and the axis stays below the last).
    const baseline = categories.map((c) => ({ x: c, v: 0 }));
    if (spec.orientation === 'horizontal') {
      const height = spec.height ?? categories.length * (names.length * BAR_PX + BAR_GAP_PX) + BAR_FRAME_PX;
      return {
        xTime: false,
        options: { ...base, height, marginLeft: margin, fy: { domain: categories, label: x, padding: 0.15 }, y: { domain: names, axis: null, padding: 0.05 }, x: numericScale(spec.y, true, ys) },
        marks: [
          { mark: 'barX', data: present, options: { fy: 'x', y: 'series', x: 'y', fill: 'series', ...tip(spec, fields, { x: 'fy', y: 'x' }) } },
          { mark: 'ruleX', data: baseline, options: { fy: 'x', x: 'v', stroke: '#94a3b8' } },
        ],
      };
    }
    return {
      xTime: false,
      options: { ...base, height: spec.height ?? HEIGHT, marginBottom: 40, fx: { domain: categories, label: x, padding: 0.15 }, x: { domain: names, axis: null, padding: 0.05 }, y: numericScale(spec.y, true, ys) },
      marks: [
        { mark: 'barY', data: present, options: { fx: 'x', x: 'series', y: 'y', fill: 'series', ...tip(spec, fields, { x: 'fx', y: 'y' }) } },
        { mark: 'ruleY', data: baseline, options: { fx: 'x', y: 'v', stroke: '#94a3b8' } },
      ],
    };
  }
  const time = xType(spec) === 'time';
  const xScale = time ? { type: 'utc', label: axisLabel(spec.x), grid: true, tickSpacing: TIME_TICK_PX, ...(spec.x.domain === undefined ? {} : { domain: spec.x.domain }) } : numericScale(spec.x, false, xs);
  const options = { ...base, height: spec.height ?? HEIGHT, x: xScale, y: numericScale(spec.y, spec.kind === 'line', ys), r: { type: 'identity' } };
  const dots: PlotMark = { mark: 'dot', data: present, options: { x: 'x', y: 'y', r: 'r', fill: 'series', stroke: 'white', strokeWidth: 0.75, ...tip(spec, fields, { x: 'x', y: 'y' }) } };
  if (spec.kind === 'scatter') return { xTime: time, options, marks: [dots] };
  return {
    xTime: time,
    options,
    marks: [{ mark: 'line', data, options: { x: 'x', y: 'y', z: 'series', stroke: 'series', strokeWidth: 2 } }, dots],
  };
};
