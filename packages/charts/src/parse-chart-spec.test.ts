import { InputError } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from './chart-spec.js';
import { parseChartSpec } from './parse-chart-spec.js';

const line: ChartSpec = { kind: 'line', x: { label: 'session' }, y: { label: 'failures' }, series: [{ name: 'off', points: [{ x: 1, y: 3 }, { x: 2, y: null }] }] };

const problem = (input: unknown): string => {
  try {
    parseChartSpec(input, 'spec.json');
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('parseChartSpec', () => {
  it('accepts a line, a bar and a scatter spec and returns them unchanged', () => {
    expect(parseChartSpec(line)).toEqual(line);
    const bar = { kind: 'bar', x: { label: 'detector' }, y: { label: 'rate', percent: true }, series: [{ name: 'anton', color: '#ea580c', points: [{ x: 'acc.kill-loop', y: 0.2, tooltip: { tp: 3 } }] }] };
    expect(parseChartSpec(bar)).toEqual(bar);
    const scatter = { kind: 'scatter', x: { label: 'recall', domain: [0, 1] }, y: { label: 'precision' }, series: [{ name: 'sweep', size: 3, points: [{ x: 0.5, y: 0.9 }] }] };
    expect(parseChartSpec(scatter)).toEqual(scatter);
  });

  it('names the file and the field of a colour that is not a hex colour', () => {
    expect(problem({ ...line, series: [{ name: 'a', color: 'red;background:url(//x)', points: [] }] })).toMatch(/^spec\.json: field "series\[0\]\.color": a colour is #rgb or #rrggbb/);
  });

  it('refuses unknown fields, a missing kind and an empty series list', () => {
    expect(problem({ ...line, html: '<b>' })).toMatch(/html/);
    expect(problem({ ...line, kind: 'pie' })).toMatch(/field "kind"/);
    expect(problem({ ...line, series: [] })).toMatch(/field "series"/);
  });

  it('refuses an x value of the wrong kind for the axis, naming the point', () => {
    expect(problem({ ...line, series: [{ name: 'a', points: [{ x: 1, y: 1 }, { x: 'two', y: 2 }] }] })).toMatch(/field "series\[0\]\.points\[1\]\.x": expected a number/);
    expect(problem({ kind: 'bar', x: { label: 'd' }, y: { label: 'v' }, series: [{ name: 'a', points: [{ x: 3, y: 1 }] }] })).toMatch(/series\[0\]\.points\[0\]\.x": expected a category/);
    expect(problem({ ...line, x: { label: 't', type: 'time' }, series: [{ name: 'a', points: [{ x: 'yesterday', y: 1 }] }] })).toMatch(/expected an ISO date-time/);
    expect(problem({ ...line, x: { label: 't', type: 'category' } })).toMatch(/field "x\.type": a line chart/);
  });
});
