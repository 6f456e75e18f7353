import { describe, expect, it } from 'vitest';
import { parseProcStat } from './parse-proc-stat.js';

describe('parseProcStat', () => {
  it('reads state, parent, process group, session, CPU ticks and start time, even with a tricky command name', () => {
    const line = '4242 (py (x) y) S 1 4240 4239 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 123 456 789';
    expect(parseProcStat(line)).toEqual({ pid: 4242, state: 'S', ppid: 1, pgrp: 4240, session: 4239, cpuTicks: 13, startTime: 123 });
  });

  it('reads a real line of this kernel', () => {
    const line = '14736 (cat) R 14732 14732 2650 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 73859 3133440 382 18446744073709551615 94113903882240';
    expect(parseProcStat(line)).toMatchObject({ pid: 14736, state: 'R', ppid: 14732, pgrp: 14732, session: 2650, startTime: 73859 });
  });

  it('returns undefined for garbage', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('12 (x) S')).toBeUndefined();
    expect(parseProcStat('12 (x) S 1 2 3 0 -1 0 0 0 0 0 1 1 1 1 20 0 1 0')).toBeUndefined();
  });
});
