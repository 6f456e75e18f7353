import { DAY_MS } from './recency.js';

/** The rolling window `(now - windowDays, now]`: older evidence and anything after `now` are out. */
export const inWindow = (at: number, now: number, windowDays: number): boolean => at > now - windowDays * DAY_MS && at <= now;
