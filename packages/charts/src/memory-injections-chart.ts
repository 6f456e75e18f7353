import type { BarChartSpec } from './chart-spec.js';
import { entryNames, entryTooltip, type MemoryEntryStats } from './memory-entry-stats.js';

/** Injections and hits per memory entry, as horizontal bars (entry texts are long). */
export const memoryInjectionsChart = (entries: readonly MemoryEntryStats[], title?: string): BarChartSpec => {
  const names = entryNames(entries);
  const series = (name: string, value: (e: MemoryEntryStats) => number | null) => ({
    name,
    points: entries.map((e, i) => ({ x: names[i] ?? e.id, y: value(e), tooltip: entryTooltip(e) })),
  });
  return {
    kind: 'bar',
    orientation: 'horizontal',
    ...(title === undefined ? {} : { title }),
    x: { label: 'entry', type: 'category' },
    y: { label: 'turns', integer: true },
    seriesLabel: 'count',
    series: [series('injected', (e) => e.injections), series('held (hit)', (e) => e.hits)],
  };
};
