import { InputError, parseInput, type InputIssue } from '@engram/kernel';
import { chartSpecSchema, type ChartSpec } from './chart-spec.js';

/** What the x values of a spec must be, from its kind and its x axis' type. */
export const xType = (spec: ChartSpec): 'number' | 'time' | 'category' => spec.x.type ?? (spec.kind === 'bar' ? 'category' : 'number');

/** Problems past the shape: an x value of the wrong kind for the axis; a bar chart needs categories. */
const xIssues = (spec: ChartSpec): InputIssue[] => {
  const want = xType(spec);
  const issues: InputIssue[] = [];
  if (spec.kind === 'bar' && want !== 'category') issues.push({ field: 'x.type', problem: 'a bar chart has category x values' });
  if (spec.kind !== 'bar' && want === 'category') issues.push({ field: 'x.type', problem: `a ${spec.kind} chart has number or time x values` });
  spec.series.forEach((s, i) =>
    s.points.forEach((p, j) => {
      const field = `series[${i}].points[${j}].x`;
      if (want === 'number' && typeof p.x !== 'number') issues.push({ field, problem: 'expected a number (x.type is number)' });
      if (want === 'category' && typeof p.x !== 'string') issues.push({ field, problem: 'expected a category name (a string)' });
      if (want === 'time' && (typeof p.x !== 'string' || Number.isNaN(Date.parse(p.x)))) issues.push({ field, problem: 'expected an ISO date-time (x.type is time)' });
    }),
  );
  return issues.slice(0, 20);
};

/**
 * Checks a chart spec where it enters (a caller's object, a JSON file): an `InputError` naming
 * `source`, each bad field and its problem; the parsed spec otherwise.
 */
export const parseChartSpec = (input: unknown, source = 'chart spec'): ChartSpec => {
  const spec = parseInput(chartSpecSchema, input, source);
  const issues = xIssues(spec);
  if (issues.length > 0) throw new InputError(source, issues);
  return spec;
};
