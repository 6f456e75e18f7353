import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { processesWith, runInChildHost, sleepToken, survivorsAfter } from './boundary-support.js';
import { newHost, pythonSkipReason } from './pad-host.js';

/**
 * Issue 11 item 4: processes a cell starts with `setsid` or by daemonizing (double fork, new
 * session, fds closed) must not outlive the pad: not its close, not engram's exit, not even
 * engram being SIGKILLed. Each test finds its processes by a unique `sleep` duration.
 */

const py = pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`;

/** A shell `setsid sleep &` and a classic double-forked daemon; the cell prints nothing the tests need. */
const escapingCell = (setsidToken: string, daemonToken: string): string => `
import os, subprocess
subprocess.run("setsid sleep ${setsidToken} > /dev/null 2>&1 < /dev/null &", shell=True, check=True)
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        fd = os.open("/dev/null", os.O_RDWR)
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.closerange(3, 1024)
        os.execvp("sleep", ["sleep", "${daemonToken}"])
    os._exit(0)
os.waitpid(pid, 0)
print("started")
`;

/** The same from a Node pad: a detached child in its own session, and setsid through a shell. */
const escapingNodeCell = (setsidToken: string, daemonToken: string): string => `
const { spawn, execSync } = require('node:child_process');
execSync('setsid sleep ${setsidToken} > /dev/null 2>&1 < /dev/null &');
spawn('sleep', ['${daemonToken}'], { detached: true, stdio: 'ignore' }).unref();
console.log('started');
`;

const tokens: string[] = [];
const newTokens = (): [string, string] => {
  const pair: [string, string] = [sleepToken(), sleepToken()];
  tokens.push(...pair);
  return pair;
};

afterEach(async () => {
  await survivorsAfter(tokens.splice(0)); // a failed test leaves nothing running
});

const modes = [
  { name: 'default isolation', options: {} },
  { name: 'process-tree sweep only (no cgroup)', options: { cgroup: false } },
] as const;

describe.skipIf(process.platform !== 'linux')('processes a cell detaches (Linux)', () => {
  for (const mode of modes) {
    it.skipIf(pythonSkipReason !== undefined)(`die when the pad is closed: ${mode.name}${py}`, async () => {
      const [a, b] = newTokens();
      const host = newHost(mode.options);
      const r = await host.exec({ pad: 'main', runtime: 'python', code: escapingCell(a, b) });
      expect(r).toMatchObject({ status: 'completed', stdout: 'started\n' });
      await host.closeAll();
      expect(await survivorsAfter([a, b])).toEqual([]);
    });

    it(`die when the pad is reset (Node pad): ${mode.name}`, async () => {
      const [a, b] = newTokens();
      const host = newHost(mode.options);
      const r = await host.exec({ pad: 'main', runtime: 'node', code: escapingNodeCell(a, b) });
      expect(r).toMatchObject({ status: 'completed', stdout: 'started\n' });
      await host.reset('main');
      expect(await survivorsAfter([a, b])).toEqual([]);
    });

    it.skipIf(pythonSkipReason !== undefined)(`die when engram exits without closing the pad: ${mode.name}${py}`, async () => {
      const [a, b] = newTokens();
      const run = await runInChildHost('python', 'exit', escapingCell(a, b), {}, mode.options);
      expect(run.result).toMatchObject({ status: 'completed', stdout: 'started\n' });
      expect(run.exitCode).toBe(0);
      expect(await survivorsAfter([a, b])).toEqual([]);
    });

    it.skipIf(pythonSkipReason !== undefined)(`die when engram is SIGKILLed (no exit hook runs): ${mode.name}${py}`, async () => {
      const [a, b] = newTokens();
      const run = await runInChildHost('python', 'kill', escapingCell(a, b), {}, mode.options);
      expect(run.result).toMatchObject({ status: 'completed', stdout: 'started\n' });
      expect(run.signal).toBe('SIGKILL');
      expect(await survivorsAfter([a, b])).toEqual([]);
    });
  }

  it('with a cgroup, a process that clears the marker and reparents to init still dies', async (context) => {
    const host = newHost();
    if (!host.isolation().cgroup) {
      context.skip(`no cgroup here: ${host.isolation().cgroupProblem ?? 'unknown'}`);
      return;
    }
    const [a] = newTokens();
    const code = `require('node:child_process').execSync('env -u ENGRAM_PAD_ID setsid sleep ${a} > /dev/null 2>&1 < /dev/null &'); console.log('started')`;
    const r = await host.exec({ pad: 'main', runtime: 'node', code });
    expect(r.stdout).toBe('started\n');
    const [pid] = (await new Promise<void>((res) => setTimeout(res, 100)), processesWith(a));
    expect(pid).toBeDefined();
    expect(readFileSync(`/proc/${pid}/environ`, 'latin1')).not.toContain('ENGRAM_PAD_ID');
    await host.closeAll();
    expect(await survivorsAfter([a])).toEqual([]);
  });

  it('a killed cell takes its detached processes with it', async () => {
    const [a, b] = newTokens();
    const host = newHost({ timeoutMs: 1500, inactivityMs: 400 });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: `${escapingNodeCell(a, b)}\nawait new Promise(() => {})` });
    expect(r.status).toBe('killed');
    expect(await survivorsAfter([a, b])).toEqual([]);
  });
});
