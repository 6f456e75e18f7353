/** The one source of time. Cores never read it; the bus stamps events with it at the edge. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export const manualClock = (start: number | string = '2026-11-22T03:15:00.000Z'): ManualClock => {
  let t = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
};
