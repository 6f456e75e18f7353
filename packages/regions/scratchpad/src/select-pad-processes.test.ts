import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProcStat } from './parse-proc-stat.js';
import { selectPadProcesses, type ProcEntry } from './select-pad-processes.js';

const proc = (pid: number, ppid: number, extra: Partial<ProcStat> = {}, hasMarker = false): ProcEntry => ({
  stat: { pid, state: 'S', ppid, pgrp: pid, session: pid, cpuTicks: 0, startTime: 100, ...extra },
  hasMarker,
});

describe('selectPadProcesses', () => {
  // 1 init, 10 engram (host), 20 the pad (group and session leader), 21 in its group,
  // 30 a setsid child reparented to init that still carries the marker, 31 its child,
  // 40 a process that stripped the marker and left (only a cgroup can find it), 50 unrelated.
  const table = [
    proc(1, 0),
    proc(10, 1),
    proc(20, 10),
    proc(21, 20, { pgrp: 20, session: 20 }),
    proc(30, 1, {}, true),
    proc(31, 30),
    proc(40, 1),
    proc(50, 1),
  ];

  it('takes the pad, its group and session, marked processes and all their descendants', () => {
    expect(selectPadProcesses(table, { pid: 20, startTime: 100 }, new Set([10]))).toEqual([20, 21, 30, 31]);
  });

  it('ignores a root whose start time differs (the pid was reused) but still follows the marker', () => {
    expect(selectPadProcesses(table, { pid: 20, startTime: 999 }, new Set([10]))).toEqual([30, 31]);
  });

  it('never takes the host, its ancestors or zombies', () => {
    const withMarkedHost = [...table, proc(60, 20, { state: 'Z' }, true)].map((p) => (p.stat.pid === 10 ? { ...p, hasMarker: true } : p));
    const chosen = selectPadProcesses(withMarkedHost, { pid: 20 }, new Set([1, 10]));
    expect(chosen).not.toContain(10);
    expect(chosen).not.toContain(1);
    expect(chosen).not.toContain(60);
  });

  it('takes nothing when nothing matches', () => {
    expect(selectPadProcesses(table, undefined, new Set())).toEqual([30, 31]);
    expect(selectPadProcesses(table.filter((p) => !p.hasMarker), { pid: 99 }, new Set())).toEqual([]);
  });

  it('property: every chosen process is matched or descends from a matched one, and no descendant of a chosen process is left', () => {
    const tree = fc.array(fc.record({ parent: fc.nat(30), marker: fc.boolean() }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(tree, fc.nat(30), (rows, rootIndex) => {
        const procs = rows.map((r, i) => proc(i + 2, r.parent < i ? r.parent + 2 : 1, {}, r.marker));
        const root = procs[rootIndex % procs.length]?.stat.pid ?? 2;
        const chosen = new Set(selectPadProcesses(procs, { pid: root }, new Set()));
        const byPid = new Map(procs.map((p) => [p.stat.pid, p]));
        const matched = (pid: number): boolean => pid === root || byPid.get(pid)?.hasMarker === true;
        for (const pid of chosen) {
          let at: number | undefined = pid;
          let ok = false;
          while (at !== undefined && at > 1 && !ok) {
            ok = matched(at);
            at = byPid.get(at)?.stat.ppid;
          }
          expect(ok).toBe(true);
        }
        for (const p of procs) if (chosen.has(p.stat.ppid)) expect(chosen.has(p.stat.pid)).toBe(true);
      }),
    );
  });
});
