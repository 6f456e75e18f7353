import type { AccParams, DetectorId } from '@engram/acc';

/** A value one `AccParams` field can take. */
export type ParamValue = AccParams[keyof AccParams];

/** One detector's grid: the values to try, per `AccParams` field; the sweep is their product. */
export type DetectorGrid = ReadonlyMap<keyof AccParams, readonly ParamValue[]>;

/** The grids to sweep, by detector. */
export type SweepPlan = ReadonlyMap<DetectorId, DetectorGrid>;

/** One point of a grid: the fields it sets (the rest stay at the `anton` profile's values). */
export type Setting = Readonly<Partial<Record<keyof AccParams, ParamValue>>>;
