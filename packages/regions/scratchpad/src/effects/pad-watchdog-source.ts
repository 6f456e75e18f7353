/**
 * The program of the pad watchdog (`node -e PAD_WATCHDOG_SOURCE`): one small process per host
 * process, started with no environment but PATH (so it never holds a key), in its own session.
 * The host tells it on its stdin which pads are alive (`{"t":"watch","marker","pid","start","cgroup"}`
 * per pad, `{"t":"unwatch","marker"}` when one is gone). When stdin closes, the host is gone,
 * however it went (SIGKILL and the OOM killer included, where no exit hook runs): the watchdog
 * then kills every pad it still knows, with everything they started (their cgroup, then a
 * /proc sweep by the pad's marker variable, process group, session and parent links), and exits.
 *
 * Plain JavaScript in a string, like the pad host scripts, so it runs the same from the sources
 * and from `dist`. Its sweep mirrors `selectPadProcesses` + `sweepPadProcesses`; the
 * escape tests kill the host with SIGKILL to prove this copy works.
 */
export const PAD_WATCHDOG_SOURCE = String.raw`'use strict';
(function engramPadWatchdog() {
  const fs = require('node:fs');
  const path = require('node:path');
  const pads = new Map();
  const ROUNDS = 8;
  const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const stat = (pid) => {
    try {
      const line = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
      const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
      return { pid: Number(pid), state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), start: Number(f[19]) };
    } catch (e) {
      return undefined;
    }
  };
  const sweep = (pad) => {
    const needle = 'ENGRAM_PAD_ID=' + pad.marker;
    for (let round = 0; round < ROUNDS; round++) {
      let entries;
      try { entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)); } catch (e) { return; }
      const procs = [];
      for (const e of entries) {
        const s = stat(e);
        if (s === undefined || s.state === 'Z' || s.pid === process.pid || s.pid === 1) continue;
        let marked = false;
        try { marked = fs.readFileSync('/proc/' + e + '/environ', 'latin1').split('\0').includes(needle); } catch (err) { /* unreadable or gone */ }
        procs.push({ s, marked });
      }
      const root = procs.find((p) => p.s.pid === pad.pid);
      const rootValid = root !== undefined && (typeof pad.start !== 'number' || root.s.start === pad.start);
      const chosen = new Set();
      for (const p of procs) {
        if (p.marked || (rootValid && (p.s.pid === pad.pid || p.s.pgrp === pad.pid || p.s.session === pad.pid))) chosen.add(p.s.pid);
      }
      let grew = chosen.size > 0;
      while (grew) {
        grew = false;
        for (const p of procs) if (!chosen.has(p.s.pid) && chosen.has(p.s.ppid)) { chosen.add(p.s.pid); grew = true; }
      }
      if (chosen.size === 0) return;
      for (const pid of chosen) { try { process.kill(pid, 'SIGKILL'); } catch (e) { /* gone */ } }
    }
  };
  const killPad = (pad) => {
    if (typeof pad.cgroup === 'string' && pad.cgroup !== '') {
      try { fs.writeFileSync(path.join(pad.cgroup, 'cgroup.kill'), '1'); } catch (e) {
        try {
          for (const pid of fs.readFileSync(path.join(pad.cgroup, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
            try { process.kill(Number(pid), 'SIGKILL'); } catch (err) { /* gone */ }
          }
        } catch (err) { /* no group */ }
      }
    }
    sweep(pad);
    if (typeof pad.cgroup === 'string' && pad.cgroup !== '') {
      for (let i = 0; i < 40; i++) {
        try { fs.rmdirSync(pad.cgroup); break; } catch (e) { if (e.code === 'ENOENT') break; sleep(25); }
      }
    }
  };
  let buffer = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      let m;
      try { m = JSON.parse(line); } catch (e) { continue; }
      if (m === null || typeof m !== 'object' || typeof m.marker !== 'string') continue;
      if (m.t === 'watch' && Number.isInteger(m.pid) && m.pid > 1) pads.set(m.marker, m);
      else if (m.t === 'unwatch') pads.delete(m.marker);
    }
  });
  process.stdin.on('error', () => undefined);
  process.stdin.on('close', () => {
    for (const pad of pads.values()) killPad(pad);
    process.exit(0);
  });
  // Terminal signals go to the host's group, not here; the host going away is what ends this process.
  process.on('SIGINT', () => undefined);
  process.on('SIGHUP', () => undefined);
})();
`;
