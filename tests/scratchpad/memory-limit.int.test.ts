import { toCellEvent } from '@engram/scratchpad';
import { validateData } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { classifyKill, newHost, pythonSkipReason } from './pad-host.js';

/**
 * Issue 11 item 4: memory is capped per pad (`ENGRAM_PAD_MEMORY_MB`, default 2048) and a cell
 * that goes over it is killed with a reason that says so and that the ACC reads as heavy.
 */

const py = pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`;
const MB = 1024 * 1024;
const MEMORY_REASON = /^Cell killed: over the pad's memory limit of 256 MB \(ENGRAM_PAD_MEMORY_MB; too heavy for one cell\)$/;

describe.skipIf(process.platform !== 'linux')('the per-pad memory cap (Linux)', () => {
  it.skipIf(pythonSkipReason !== undefined)(`kills a Python cell that goes over it, with a memory reason the ACC reads as heavy${py}`, async () => {
    const host = newHost({ memoryMb: 256 });
    await host.exec({ pad: 'main', runtime: 'python', code: 'kept = 1\nsmall = bytearray(50 * 1024 * 1024)\nprint(len(small))' });
    const r = await host.exec({ pad: 'main', code: 'hog = []\nwhile True:\n    hog.append(bytearray(10 ** 7))' });
    expect(r).toMatchObject({ status: 'killed', ok: false, stateLost: true, kill: { cause: 'memory' } });
    expect(r.kill?.reason).toMatch(MEMORY_REASON);
    expect(r.error).toMatch(/^Cell killed: over the pad's memory limit/);
    expect(classifyKill(r.kill?.reason ?? '')).toBe('heavy');
    const event = toCellEvent(r);
    expect(event).toMatchObject({ type: 'scratchpad.cell.killed', data: { reason: r.kill?.reason } });
    expect(validateData(event.type, event.data)).toEqual([]);
    const next = await host.exec({ pad: 'main', code: 'print("kept" in globals())' });
    expect(next).toMatchObject({ status: 'completed', stdout: 'False\n', freshProcess: true });
  });

  it('kills a Node cell whose heap goes over it', async () => {
    const host = newHost({ memoryMb: 256, timeoutMs: 30_000 });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'const hog = []; for (;;) hog.push(new Array(1e6).fill(1.5))' });
    expect(r).toMatchObject({ status: 'killed', kill: { cause: 'memory' } });
    expect(r.kill?.reason).toMatch(MEMORY_REASON);
    expect(classifyKill(r.kill?.reason ?? '')).toBe('heavy');
  });

  it.skipIf(pythonSkipReason !== undefined)(`applies the default of 2048 MB and reads ENGRAM_PAD_MEMORY_MB from the environment${py}`, async () => {
    const probe = [
      'import resource',
      'soft, hard = resource.getrlimit(resource.RLIMIT_DATA)',
      'limit = None',
      'try:',
      '    path = open("/proc/self/cgroup").read().strip().split("::")[-1]',
      '    limit = open("/sys/fs/cgroup" + path + "/memory.max").read().strip()',
      'except OSError:',
      '    pass',
      'print(soft, hard, limit)',
    ].join('\n');
    for (const [env, mb] of [[{}, 2048], [{ ENGRAM_PAD_MEMORY_MB: '512' }, 512]] as const) {
      const host = newHost({ inheritedEnv: { ...process.env, ...env } });
      const isolation = host.isolation();
      expect(isolation.memoryMb).toBe(mb);
      const r = await host.exec({ pad: 'main', runtime: 'python', code: probe });
      const [soft, hard, limit] = r.stdout.trim().split(' ');
      if (isolation.memory === 'rlimit') {
        expect([Number(soft), Number(hard)]).toEqual([mb * MB, mb * MB]);
      } else {
        expect(isolation.memory).toBe('cgroup');
        expect(limit).toBe(String(mb * MB));
      }
    }
  });

  it('refuses a malformed ENGRAM_PAD_MEMORY_MB with the variable and the allowed form', () => {
    for (const bad of ['', 'abc', '0', '-1', '1.5', ' 3', '0x10', '1e3', '2048MB', '99999999999']) {
      expect(() => newHost({ inheritedEnv: { ENGRAM_PAD_MEMORY_MB: bad } }), JSON.stringify(bad)).toThrow(
        /ENGRAM_PAD_MEMORY_MB must be a whole number of megabytes from 1 to \d+ \(digits only, e\.g\. 2048\), got "/,
      );
    }
  });
});
