import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInChildHost } from './boundary-support.js';
import { pythonSkipReason } from './pad-host.js';

/**
 * Issue 11 item 4: a cell must not find engram's API keys through /proc. The engram process
 * here is a real separate Node process started with the keys in its environment (as a user's
 * shell would start it); the cell reads its parent's /proc environ and scans every
 * /proc/<pid>/environ it can read for the keys' values.
 */

const canary = `padleakcanary${randomBytes(8).toString('hex')}`;
const keys = {
  ANTHROPIC_API_KEY: `sk-ant-api03-${canary}`,
  OPENAI_API_KEY: `sk-proj-${canary}`,
  MY_SERVICE_TOKEN: `tok-${canary}`,
  PAYMENTS_SECRET: `sec-${canary}`,
};

interface Scan {
  readonly ppid: number;
  readonly ppidReadable: boolean;
  readonly ppidNames: string[];
  readonly ppidHits: string[];
  readonly scanned: number;
  readonly hits: string[];
}

const pythonScan = `
import os, json
canary = ${JSON.stringify(canary)}.encode()
out = {"ppid": os.getppid(), "ppidReadable": False, "ppidNames": [], "ppidHits": [], "scanned": 0, "hits": []}
try:
    with open("/proc/%d/environ" % os.getppid(), "rb") as f:
        entries = [e for e in f.read().split(b"\\0") if e]
    out["ppidReadable"] = True
    out["ppidNames"] = [e.split(b"=")[0].decode() for e in entries]
    out["ppidHits"] = [e.decode(errors="replace") for e in entries if canary in e]
except OSError as e:
    out["ppidError"] = str(e)
for pid in os.listdir("/proc"):
    if not pid.isdigit():
        continue
    try:
        with open("/proc/%s/environ" % pid, "rb") as f:
            data = f.read()
    except OSError:
        continue
    out["scanned"] += 1
    out["hits"] += [pid + ": " + e.decode(errors="replace") for e in data.split(b"\\0") if canary in e]
print(json.dumps(out))
`;

const nodeScan = `
const fs = require('node:fs');
const canary = ${JSON.stringify(canary)};
const out = { ppid: process.ppid, ppidReadable: false, ppidNames: [], ppidHits: [], scanned: 0, hits: [] };
try {
  const entries = fs.readFileSync('/proc/' + process.ppid + '/environ', 'latin1').split('\\0').filter(Boolean);
  out.ppidReadable = true;
  out.ppidNames = entries.map((e) => e.split('=')[0]);
  out.ppidHits = entries.filter((e) => e.includes(canary));
} catch (e) { out.ppidError = String(e); }
for (const pid of fs.readdirSync('/proc')) {
  if (!/^\\d+$/.test(pid)) continue;
  let data;
  try { data = fs.readFileSync('/proc/' + pid + '/environ', 'latin1'); } catch { continue; }
  out.scanned++;
  let cmd = '';
  try { cmd = fs.readFileSync('/proc/' + pid + '/cmdline', 'latin1').split('\\0').join(' ').slice(0, 120); } catch {}
  for (const e of data.split('\\0')) if (e.includes(canary)) out.hits.push(pid + ' (' + cmd + '): ' + e);
}
console.log(JSON.stringify(out));
`;

/** Reads engram's writable memory through /proc/$PPID/mem (as any same-user process may, unless something forbids it) looking for the keys. */
const pythonMemoryScan = `
import os, json
canary = ${JSON.stringify(canary)}.encode()
ppid = os.getppid()
out = {"ppid": ppid, "opened": False, "regions": 0, "found": 0, "error": ""}
try:
    with open("/proc/%d/maps" % ppid) as maps, open("/proc/%d/mem" % ppid, "rb", 0) as mem:
        out["opened"] = True
        for line in maps:
            fields = line.split()
            if not fields[1].startswith("rw"):
                continue
            start, end = (int(x, 16) for x in fields[0].split("-"))
            if end - start > 256 * 1024 * 1024:
                continue
            try:
                mem.seek(start)
                data = mem.read(end - start)
            except OSError:
                continue
            out["regions"] += 1
            out["found"] += data.count(canary)
except OSError as e:
    out["error"] = "%s: %s" % (type(e).__name__, e)
print(json.dumps(out))
`;

const check = (scan: Scan, hostPid: number, ownPids: boolean): void => {
  if (ownPids) {
    // In its own PID namespace the cell's parent is the pad's init shell (pid 1, the pad's scrubbed environment) and /proc holds only the pad's processes.
    expect(scan.ppid).toBe(1);
    expect(scan.ppidHits).toEqual([]);
    expect(scan.scanned).toBeGreaterThanOrEqual(1);
    expect(scan.hits).toEqual([]);
    return;
  }
  // The read really happened: the parent's environ was readable and is engram's, and the scan saw many processes.
  expect(scan.ppidReadable).toBe(true);
  expect(scan.ppid).toBe(hostPid);
  expect(scan.ppidNames).toContain('PATH');
  expect(scan.scanned).toBeGreaterThan(3);
  expect(scan.ppidHits).toEqual([]);
  expect(scan.hits).toEqual([]);
};

describe.skipIf(process.platform !== 'linux')('a cell looking for engram keys in /proc (Linux)', () => {
  // The child host runs through tsx, which starts an esbuild service with the host's whole
  // environment when its transform cache is cold: a process engram did not start, holding the
  // keys, that only the fence hides (and not from root: see docs/scratchpad.md). One run without
  // keys warms the cache, so the scan below sees what engram itself exposes.
  beforeAll(async () => {
    await runInChildHost('node', 'close', 'console.log(1)');
  });

  it('finds none in its parent or any other process (Node pad)', async () => {
    const run = await runInChildHost('node', 'close', nodeScan, keys);
    expect(run.result.status).toBe('completed');
    check(JSON.parse(run.result.stdout) as Scan, run.hostPid, run.isolation.ownPids);
    // engram still has its keys, for itself and for the children it starts that are not pads.
    expect(run.hostKey).toBe(keys.ANTHROPIC_API_KEY);
    expect(run.childKey).toBe(keys.ANTHROPIC_API_KEY);
    expect(run.isolation.environ?.blanked).toEqual(expect.arrayContaining(['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'MY_SERVICE_TOKEN', 'PAYMENTS_SECRET']));
  });

  it.skipIf(pythonSkipReason !== undefined)(`finds none in its parent or any other process (Python pad)${pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`}`, async () => {
    const run = await runInChildHost('python', 'close', pythonScan, keys);
    expect(run.result.status).toBe('completed');
    check(JSON.parse(run.result.stdout) as Scan, run.hostPid, run.isolation.ownPids);
  });

  it.skipIf(pythonSkipReason !== undefined)(`cannot read them from engram's memory either (/proc/$PPID/mem)${pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`}`, async (context) => {
    const run = await runInChildHost('python', 'close', pythonMemoryScan, keys);
    if (run.isolation.ownPids) {
      // engram is outside the pad's PID namespace: the parent the cell sees is the pad's init shell, which holds no key.
      const scan = JSON.parse(run.result.stdout) as { ppid: number; found: number };
      expect(scan.ppid).toBe(1);
      expect(scan.found).toBe(0);
      return;
    }
    if (!run.isolation.fenced) {
      // Without Landlock (or python3) nothing a process can do for itself stops a same-user read of its memory: docs/scratchpad.md says so.
      context.skip(`no fence on this machine (${run.isolation.fenceStatus}): engram's memory is readable here, as documented`);
      return;
    }
    expect(run.result.status).toBe('completed');
    const scan = JSON.parse(run.result.stdout) as { ppid: number; opened: boolean; regions: number; found: number; error: string };
    expect(scan.ppid).toBe(run.hostPid);
    expect(scan.found).toBe(0);
    // Either the kernel refused (the pad is fenced off from processes outside it), or it read engram's memory and found nothing.
    if (scan.opened) expect(scan.regions).toBeGreaterThan(3);
    else expect(scan.error).toMatch(/PermissionError/);
  });
});

/** Running as root, the host can be started as `nobody`, the shape of a real (unprivileged) user. */
const NOBODY = { uid: 65534, gid: 65534 };
const asNobodyProblem =
  process.platform !== 'linux'
    ? 'not Linux'
    : process.getuid?.() !== 0
      ? 'the test must run as root to start the host as another user'
      : spawnSync('setpriv', ['--version']).status !== 0
        ? 'setpriv (util-linux) is missing'
        : spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '/usr/bin/python3', '-c', 'pass']).status !== 0
          ? 'nobody cannot run /usr/bin/python3'
          : undefined;

describe('the fence, for an unprivileged user', () => {
  it.skipIf(asNobodyProblem !== undefined)(
    `hides the environment of every process outside the pad, keys included, even one engram did not scrub${asNobodyProblem === undefined ? '' : ` (skipped: ${asNobodyProblem})`}`,
    async (context) => {
      // TSX_DISABLE_CACHE: tsx starts its esbuild service for every run, with the keys in its environment.
      const env = { ...keys, TSX_DISABLE_CACHE: '1', HOME: '/tmp', PATH: '/usr/local/bin:/usr/bin:/bin' };
      const run = await runInChildHost('python', 'close', pythonScan, env, {}, NOBODY);
      if (!run.isolation.fenced) {
        context.skip(`the fence cannot be raised here: ${run.isolation.fenceStatus}`);
        return;
      }
      expect(run.result.status).toBe('completed');
      const scan = JSON.parse(run.result.stdout) as Scan & { ppidError?: string };
      expect(scan.ppid).toBe(run.isolation.ownPids ? 1 : run.hostPid);
      if (!run.isolation.ownPids) {
        expect(scan.ppidReadable).toBe(false);
        expect(scan.ppidError).toMatch(/Permission denied/);
      }
      expect(scan.hits).toEqual([]);
    },
  );
});

/** Why this system gives a pad no PID namespace of its own (the probe the host runs), or undefined. */
const pidNamespaceProblem = ((): string | undefined => {
  if (process.platform !== 'linux') return 'not Linux';
  const user = process.getuid?.() === 0 ? [] : ['--user', '--map-current-user'];
  const r = spawnSync('unshare', [...user, '--pid', '--fork', '--mount-proc', '--kill-child', 'true'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `the system forbids a PID namespace: ${r.error?.message ?? r.stderr.trim().split('\n')[0]}`;
})();

describe('a cell sees only its own processes', () => {
  it.skipIf(pidNamespaceProblem !== undefined || pythonSkipReason !== undefined)(
    `cannot read the environment of a process that holds a key and is no part of the pad (a wrapper, a terminal)${pidNamespaceProblem === undefined && pythonSkipReason === undefined ? '' : ` (skipped: ${pidNamespaceProblem ?? pythonSkipReason})`}`,
    async () => {
      // The holder: a process of the same user with a key in its environment, as a shell or `timeout` that started engram.
      const holder = spawn('sleep', ['60'], { env: { ...process.env, ...keys }, stdio: 'ignore' });
      try {
        const code = `
import os, json
out = {"readable": False, "error": "", "pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit())}
try:
    with open("/proc/${holder.pid}/environ", "rb") as f:
        out["readable"] = ${JSON.stringify(canary)}.encode() in f.read() or True
except OSError as e:
    out["error"] = type(e).__name__
print(json.dumps(out))
`;
        const run = await runInChildHost('python', 'close', code);
        expect(run.result.status).toBe('completed');
        expect(run.isolation.ownPids).toBe(true);
        const scan = JSON.parse(run.result.stdout) as { readable: boolean; error: string; pids: number[] };
        expect(scan.readable).toBe(false);
        expect(scan.error).toBe('FileNotFoundError');
        // Its /proc is the pad's own: the pad's first process is 1, and nothing of the machine's shows.
        expect(scan.pids).toContain(1);
        expect(scan.pids).not.toContain(holder.pid);
        expect(scan.pids.length).toBeLessThan(10);
      } finally {
        holder.kill('SIGKILL');
      }
    },
  );
});
