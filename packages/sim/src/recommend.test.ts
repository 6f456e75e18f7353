import { describe, expect, it } from 'vitest';
import { gridSettings } from './grid-settings.js';
import { recommend } from './recommend.js';

const at = (params: Record<string, unknown>, f1: number) => ({ params, precision: f1, recall: f1, f1 });

describe('recommend', () => {
  it('takes the best F1', () => {
    expect(recommend([at({ minKills: 1 }, 0.5), at({ minKills: 3 }, 0.9), at({ minKills: 2 }, 0.8)]).params).toEqual({ minKills: 3 });
  });

  it("breaks ties toward Anton's value: fewer fields changed, then the smaller change", () => {
    expect(recommend([at({ minKills: 1 }, 0.9), at({ minKills: 2 }, 0.9), at({ minKills: 3 }, 0.9)]).params).toEqual({ minKills: 2 });
    expect(recommend([at({ minResets: 4 }, 0.9), at({ minResets: 3 }, 0.9)]).params).toEqual({ minResets: 3 });
    expect(recommend([at({ minToolErrorRun: 3, toolErrorIgnoredTools: [] }, 1), at({ minToolErrorRun: 2, toolErrorIgnoredTools: ['scratchpad'] }, 1)]).params).toEqual({ minToolErrorRun: 3, toolErrorIgnoredTools: [] });
  });
});

describe('gridSettings', () => {
  it('is the product of the fields, in the order given', () => {
    expect(gridSettings(new Map<never, never[]>())).toEqual([{}]);
    expect(gridSettings(new Map([['minClimbRun', [2, 3]], ['minClimbSeverity', [5, 6]]] as const))).toEqual([
      { minClimbRun: 2, minClimbSeverity: 5 },
      { minClimbRun: 2, minClimbSeverity: 6 },
      { minClimbRun: 3, minClimbSeverity: 5 },
      { minClimbRun: 3, minClimbSeverity: 6 },
    ]);
  });
});
