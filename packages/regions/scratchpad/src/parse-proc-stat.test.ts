import { describe, expect, it } from 'vitest';
import { parseProcStat } from './parse-proc-stat.js';

describe('parseProcStat', () => {
  it('reads pid, process group and CPU ticks, even with a tricky command name', () => {
    const line = '4242 (py (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 123 456 789';
    expect(parseProcStat(line)).toEqual({ pid: 4242, pgrp: 4242, cpuTicks: 13 });
  });

  it('returns undefined for garbage', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('12 (x) S')).toBeUndefined();
  });
});
