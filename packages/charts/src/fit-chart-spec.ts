import type { ChartSpec } from './chart-spec.js';

/** The spec's text limits (chart-spec.ts): a longer text is shortened to fit, never refused. */
const LIMITS = { title: 200, axisLabel: 120, unit: 40, seriesLabel: 80, seriesName: 120, category: 200, tooltipKey: 80, tooltipValue: 500 } as const;
/** Series a chart holds at most (chart-spec.ts): the first ones are kept. */
const MAX_SERIES = 50;

/** `text` cut to `max` UTF-16 units (what the schema counts) with an ellipsis; a surrogate pair is never split. */
export const shorten = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
};

/** Names cut to `max`, still distinct: a name that reads like an earlier one gets its position appended. */
const distinct = (names: readonly string[], max: number): string[] => {
  const seen = new Set<string>();
  return names.map((n, i) => {
    let s = n === '' ? '(unnamed)' : shorten(n, max);
    if (seen.has(s)) s = `${shorten(n, max - String(i + 1).length - 3)} [${i + 1}]`;
    seen.add(s);
    return s;
  });
};

/**
 * A spec built from data (tool names, memory texts, ids) made to fit the schema's limits: every
 * text shortened, series names kept distinct, at most 50 series. Long names are ordinary (three
 * `mcp__server__tool` names make a habit chain longer than a series name may be); a page shows a
 * shortened label instead of failing. Pure; numbers are left as they are.
 */
export const fitChartSpec = <S extends ChartSpec>(spec: S): S => {
  const axis = <A extends ChartSpec['y']>(a: A): A => ({ ...a, label: shorten(a.label, LIMITS.axisLabel), ...(a.unit === undefined ? {} : { unit: shorten(a.unit, LIMITS.unit) }) });
  const series = spec.series.slice(0, MAX_SERIES);
  const names = distinct(
    series.map((s) => s.name),
    LIMITS.seriesName,
  );
  return {
    ...spec,
    ...(spec.title === undefined ? {} : { title: shorten(spec.title, LIMITS.title) }),
    ...(spec.seriesLabel === undefined ? {} : { seriesLabel: shorten(spec.seriesLabel, LIMITS.seriesLabel) }),
    x: axis(spec.x),
    y: axis(spec.y),
    series: series.map((s, i) => ({
      ...s,
      name: names[i] ?? s.name,
      points: s.points.map((p) => ({
        ...p,
        x: typeof p.x === 'string' && spec.x.type !== 'time' ? shorten(p.x, LIMITS.category) : p.x,
        ...(p.tooltip === undefined ? {} : { tooltip: Object.fromEntries(Object.entries(p.tooltip).map(([k, v]) => [k === '' ? '?' : shorten(k, LIMITS.tooltipKey), typeof v === 'string' ? shorten(v, LIMITS.tooltipValue) : v])) }),
      })),
    })),
  };
};
