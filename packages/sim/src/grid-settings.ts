import type { AccParams } from '@engram/acc';
import type { DetectorGrid, ParamValue, Setting } from './sweep-types.js';

/** Every point of a grid (the product of its fields' values), in the order the values were given. */
export const gridSettings = (grid: DetectorGrid): Setting[] => {
  let points: Partial<Record<keyof AccParams, ParamValue>>[] = [{}];
  for (const [field, values] of grid) points = points.flatMap((p) => values.map((v) => ({ ...p, [field]: v })));
  return points;
};
