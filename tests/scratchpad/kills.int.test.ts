import { toCellEvent } from '@engram/scratchpad';
import { validateData } from '@engram/events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyKill, FAST, newHost, pythonSkipReason } from './pad-host.js';

const isGoneOrZombie = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)/, ') '));
  } catch {
    return true;
  }
};

describe('a cell past the wall-clock timeout', () => {
  it('is killed, its reason reads as heavy, and the next cell starts fresh', async () => {
    const host = newHost(FAST);
    await host.exec({ pad: 'main', runtime: 'node', code: 'var kept = 1' });
    // Busy printing the whole time, so it is never idle: only the wall clock stops it.
    const killed = await host.exec({ pad: 'main', code: 'setInterval(() => console.log("tick"), 20); await new Promise(() => {})', timeoutMs: 600 });
    expect(killed).toMatchObject({ status: 'killed', ok: false, stateLost: true, kill: { cause: 'timeout', reason: 'Cell timed out after 0.6s while still running (too heavy for one cell)' } });
    expect(killed.stdout).toContain('tick\n');
    expect(killed.error).toMatch(/^Cell timed out after 0\.6s/);
    expect(killed.error).toContain('variables and imports from earlier cells are gone');
    expect(killed.notice).toContain('next cell starts a fresh process');
    expect(classifyKill(killed.kill?.reason ?? '')).toBe('heavy');

    const event = toCellEvent(killed);
    expect(event.type).toBe('scratchpad.cell.killed');
    expect(validateData(event.type, event.data)).toEqual([]);

    const next = await host.exec({ pad: 'main', code: 'console.log(typeof kept)' });
    expect(next).toMatchObject({ status: 'completed', stdout: 'undefined\n', freshProcess: true, stateLost: false });
    expect(next.notice).toContain('fresh process');
  });

  it('a silent cell that keeps the CPU busy is heavy, not hung', async () => {
    let ticks = 0;
    // A probe that always reports CPU progress: the liveness check must then leave the cell to the wall clock.
    const host = newHost({ ...FAST, cpuTicks: () => (ticks += 100) });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'while (true) {}', timeoutMs: 800 });
    expect(r.kill?.cause).toBe('timeout');
    expect(classifyKill(r.kill?.reason ?? '')).toBe('heavy');
  });

  it.skipIf(process.platform !== 'linux')('a real busy loop with no output is heavy (CPU use read from /proc)', async () => {
    const host = newHost({ ...FAST });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'while (true) {}', timeoutMs: 1200, inactivityMs: 400 });
    expect(r.kill?.cause).toBe('timeout');
  });
});

describe('a cell that goes silent and idle', () => {
  it('is killed by the liveness check and its reason reads as liveness (Node)', async () => {
    // The pad's process is started by a first cell, so the 0.3 s of silence are the cell's own, not
    // a process start-up's (at a load of 13 a fresh process printed nothing within 0.3 s).
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'node', code: 'console.log("warm")' });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'console.log("started"); await new Promise(() => {})', ...FAST });
    expect(r).toMatchObject({ status: 'killed', stateLost: true, stdout: 'started\n', kill: { cause: 'inactivity', reason: 'Cell killed: no output for 0.3s (liveness check failed; the worker hung)' } });
    expect(classifyKill(r.kill?.reason ?? '')).toBe('liveness');
    expect(toCellEvent(r)).toMatchObject({ type: 'scratchpad.cell.killed', data: { reason: r.kill?.reason } });
  });

  it.skipIf(pythonSkipReason !== undefined)(`is killed by the liveness check (Python)${pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`}`, async () => {
    const host = newHost(FAST);
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'import time\ntime.sleep(30)' });
    expect(r.kill?.cause).toBe('inactivity');
    expect(classifyKill(r.kill?.reason ?? '')).toBe('liveness');
  });

  it.skipIf(process.platform !== 'linux')('a kill takes the processes the cell started with it', async () => {
    // Outside a PID namespace: the pid the cell prints must be the machine's (in its own namespace, the kernel ends every process of the pad with its first).
    const host = newHost({ ...FAST, pidNamespace: false });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'const c = require("node:child_process").spawn("sleep", ["30"]); console.log(c.pid); await new Promise(() => {})' });
    expect(r.status).toBe('killed');
    const pid = Number(r.stdout.trim());
    expect(Number.isInteger(pid)).toBe(true);
    // The whole process group got SIGKILL: the grandchild is gone, or a zombie waiting for init to reap it.
    let gone = false;
    for (let i = 0; i < 50 && !gone; i++) {
      gone = isGoneOrZombie(pid);
      if (!gone) await new Promise((res) => setTimeout(res, 20));
    }
    expect(gone).toBe(true);
  });
});

describe('cancel', () => {
  it('stops a running cell with a Cancelled reason (heavy) and returns false when idle', async () => {
    const host = newHost();
    expect(host.cancel('main')).toBe(false);
    const running = host.exec({ pad: 'main', runtime: 'node', code: 'console.log("go"); setInterval(() => {}, 1000); await new Promise(() => {})' });
    // Wait until the cell is running (its output arrived).
    for (let i = 0; i < 200 && host.list()[0]?.busy !== true; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(host.cancel('main')).toBe(true);
    const r = await running;
    expect(r).toMatchObject({ status: 'killed', stateLost: true, kill: { cause: 'cancelled' } });
    expect(r.kill?.reason).toMatch(/^Cancelled by request after \d+(\.\d)?s$/);
    expect(classifyKill(r.kill?.reason ?? '')).toBe('heavy');
    expect(host.cancel('main')).toBe(false);
  });
});
