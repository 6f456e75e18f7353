import type { BarChartSpec } from './chart-spec.js';
import { entryNames, entryTooltip, type MemoryEntryStats } from './memory-entry-stats.js';

/**
 * Hit rate per memory entry (hits / injections), as horizontal bars from 0 to 100%; an entry
 * with nothing to judge has no bar (never a made-up 0).
 */
export const memoryHitRateChart = (entries: readonly MemoryEntryStats[], title?: string): BarChartSpec => {
  const names = entryNames(entries);
  return {
    kind: 'bar',
    orientation: 'horizontal',
    ...(title === undefined ? {} : { title }),
    x: { label: 'entry', type: 'category' },
    y: { label: 'hit rate', domain: [0, 1], percent: true },
    legend: false,
    series: [
      {
        name: 'hit rate',
        color: '#16a34a',
        points: entries.map((e, i) => ({
          // "no data" on the axis: a missing bar and a bar of 0% look alike otherwise.
          x: e.hits === null || e.injections === 0 ? `${names[i] ?? e.id} · no data` : (names[i] ?? e.id),
          y: e.hits === null || e.injections === 0 ? null : e.hits / e.injections,
          tooltip: { ...entryTooltip(e), injections: e.injections, hits: e.hits ?? 'n/a' },
        })),
      },
    ],
  };
};
