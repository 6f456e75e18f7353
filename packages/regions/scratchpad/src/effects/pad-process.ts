import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { Socket } from 'node:net';
import { CellOutputStream } from '../cell-output-stream.js';
import type { CellStatus, ScratchpadRuntime } from '../cell-result.js';
import { diedError } from '../cell-result.js';
import { encodeCellRequest, LineSplitter, parseHostMessage } from '../host-protocol.js';
import { killReason, STATE_LOST_NOTICE, type KillCause } from '../kill-reasons.js';
import type { CapturedOutput } from '../output-capture.js';
import { truncateText } from '../output-capture.js';
import type { ScratchpadLimits } from '../scratchpad-limits.js';
import { PAD_MARKER_ENV } from '../select-pad-processes.js';
import { withDataLimit } from '../with-data-limit.js';
import { createPadCgroup, type PadCgroup } from './pad-cgroup.js';
import { findOnPath } from './pad-fence.js';
import { unwatchPad, watchPad } from './pad-watchdog.js';
import { MS_PER_CPU_TICK, processGroupCpuTicks } from './process-group-cpu.js';
import { processStartTime, sweepPadProcesses } from './sweep-pad-processes.js';

/** How a pad's child is started. */
export interface PadProcessSpec {
  readonly runtime: ScratchpadRuntime;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Bytes of output kept between cells (shown at the start of the next cell). */
  readonly pendingLimitBytes: number;
  /** CPU probe for the liveness check; `processGroupCpuTicks` unless a test swaps it. */
  readonly cpuTicks?: (pgid: number) => number | undefined;
  /** Unique per process: set as `ENGRAM_PAD_ID` in its environment (inherited by all it starts) and names its cgroup. */
  readonly marker: string;
  /** The pad's memory cap (`ENGRAM_PAD_MEMORY_MB`). */
  readonly memoryMb: number;
  /** Put the pad in its own cgroup v2 group when this process may create one. */
  readonly useCgroup: boolean;
  /** A launcher that raises the Landlock fence and execs the runtime (`padFence`), when it works here. */
  readonly fencePrefix?: readonly string[];
  /** A launcher that starts the pad in its own PID namespace with its own /proc (`padPidNamespace`), when it works here. */
  readonly pidNamespacePrefix?: readonly string[];
}

/** What one cell produced, before the host adds the pad's bookkeeping. */
export interface RawCellOutcome {
  readonly status: CellStatus;
  readonly stdout: CapturedOutput;
  readonly stderr: CapturedOutput;
  readonly error: string;
  readonly errorTruncated: boolean;
  readonly durationMs: number;
  readonly kill?: { readonly cause: KillCause; readonly reason: string };
}

export interface CellToRun {
  readonly id: string;
  readonly name: string;
  readonly code: string;
}

/** A protocol line longer than this means the child is broken; replies are small (errors are capped in the child at 1M chars). */
const MAX_PROTOCOL_LINE_CHARS = 8 * 1024 * 1024;
/** After `done`, how long to wait for the end markers on stdout/stderr (a cell that closed its stdout never sends one). */
const MARKER_GRACE_MS = 1000;
/** After the child exits, how long to wait for its pipes to close (a detached grandchild may hold them open). */
const CLOSE_GRACE_MS = 500;
/** Liveness ticks: often enough to kill near the window's end, rarely enough that scanning /proc costs nothing. */
const MIN_TICK_MS = 25;
const MAX_TICK_MS = 1000;
/** A group using at least this share of one CPU during a tick is computing, not hung. */
const CPU_BUSY_FRACTION = 0.1;
const BYTES_PER_MB = 1024 * 1024;
/** What a runtime prints when an allocation fails for good: V8's fatal OOM, Python's MemoryError, the C library's ENOMEM, C++'s bad_alloc. */
const OUT_OF_MEMORY_TEXT = /out of memory|Fatal process OOM|MemoryError|Cannot allocate memory|bad_alloc/i;
/** A cell error that is an allocation refused at the data limit: Python's MemoryError, Node's failed ArrayBuffer allocation. */
const MEMORY_ERROR = /(^|\n)MemoryError\b[^\n]*\s*$|^RangeError: Array buffer allocation failed/;

/** A shell's exit status for a child killed by signal N is this plus N. */
const SHELL_SIGNAL_BASE = 128;
const signalName = (n: number): NodeJS.Signals | undefined => (Object.entries(constants.signals) as [NodeJS.Signals, number][]).find(([, v]) => v === n)?.[0];

/** The direct children of a process (Linux's /proc/<pid>/task/<pid>/children), or none where that cannot be read. */
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const EMPTY_OUTPUT: CapturedOutput = { text: '', totalBytes: 0, truncated: false };

interface RunningCell {
  readonly cell: CellToRun;
  readonly limits: ScratchpadLimits;
  readonly startedAt: number;
  lastActivityAt: number;
  lastCpuTicks: number | undefined;
  /** The cgroup's OOM-kill count when the cell started. */
  readonly oomKillsAtStart: number;
  done?: { readonly error: string; readonly durationMs: number };
  killCause?: KillCause;
  readonly timers: ReturnType<typeof setTimeout>[];
  readonly resolve: (outcome: RawCellOutcome) => void;
}

/**
 * One live child process of a pad: spawns it in its own process group and session, fenced
 * (Landlock, where available), under the data rlimit, marked with `ENGRAM_PAD_ID`, in its own
 * cgroup where one can be made, and known to the watchdog; runs one cell at a time, watches the
 * wall clock, liveness and memory, and kills everything the pad started (SIGKILL) when a cell
 * must stop or the pad ends. Once the child is gone the object is dead; the host starts a new one.
 */
export class PadProcess {
  private readonly child: ChildProcess;
  private readonly out: CellOutputStream;
  private readonly err: CellOutputStream;
  private readonly lines = new LineSplitter(MAX_PROTOCOL_LINE_CHARS);
  private readonly cpuTicks: (pgid: number) => number | undefined;
  private running: RunningCell | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private startError: Error | undefined;
  private isClosed = false;
  private readonly closeWaiters: (() => void)[] = [];
  private cgroup: PadCgroup | undefined;
  /** The data rlimit was applied (the runtime was found and wrapped). */
  private readonly dataLimited: boolean;
  /** The pad runs inside the Landlock fence. */
  readonly fenced: boolean;
  /** The pad runs in its own PID namespace (it sees only its own processes). */
  readonly ownPids: boolean;
  private startTime: number | undefined;
  /** Closed, and the cgroup and watchdog entry are gone. */
  private released = false;
  /** The runtime's version, as the child reported it when it started. */
  version: string | undefined;

  constructor(readonly spec: PadProcessSpec) {
    this.cpuTicks = spec.cpuTicks ?? processGroupCpuTicks;
    this.out = new CellOutputStream(spec.pendingLimitBytes);
    this.err = new CellOutputStream(spec.pendingLimitBytes);
    this.cgroup = spec.useCgroup ? createPadCgroup(spec.marker, spec.memoryMb * BYTES_PER_MB) : undefined;
    // The data rlimit applies in any case on Linux: per process, where the cgroup caps the whole pad.
    // A runtime that cannot be found is started bare, so it fails to start as itself (ENOENT), not as a wrapper's exit code.
    const found = findOnPath(spec.command, spec.env['PATH']) !== undefined;
    const [fenceCommand, ...fenceArgs] = found && spec.fencePrefix !== undefined ? spec.fencePrefix : [];
    const runtime = fenceCommand === undefined ? { command: spec.command, args: [...spec.args] } : { command: fenceCommand, args: [...fenceArgs, spec.command, ...spec.args] };
    this.dataLimited = process.platform === 'linux' && found;
    this.fenced = fenceCommand !== undefined;
    const limited = this.dataLimited ? withDataLimit(runtime.command, runtime.args, spec.memoryMb * BYTES_PER_MB) : runtime;
    const [nsCommand, ...nsArgs] = found && spec.pidNamespacePrefix !== undefined ? spec.pidNamespacePrefix : [];
    this.ownPids = nsCommand !== undefined;
    const start = nsCommand === undefined ? limited : { command: nsCommand, args: [...nsArgs, limited.command, ...limited.args] };
    this.child = spawn(start.command, start.args, {
      cwd: spec.cwd,
      env: { ...spec.env, [PAD_MARKER_ENV]: spec.marker },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so a kill reaches everything the cell started.
      detached: true,
      windowsHide: true,
    });
    this.child.stdout?.on('data', (chunk: Buffer) => this.onOutput(this.out, chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.onOutput(this.err, chunk));
    const channel = this.channel;
    channel?.setEncoding('utf8');
    channel?.on('data', (chunk: string) => this.onChannel(chunk));
    channel?.on('error', () => undefined); // EPIPE when the child dies; 'exit' reports it
    this.child.on('error', (error) => this.onStartError(error));
    this.child.on('exit', (code, signal) => this.onExit(code, signal));
    this.child.on('close', () => this.onClose());
    this.setReferenced(false);
    this.enclose();
  }

  /** Puts the new child in its cgroup and tells the watchdog, before any cell can start a process. */
  private enclose(): void {
    const pid = this.child.pid;
    if (pid === undefined) {
      this.cgroup?.removeNow();
      this.cgroup = undefined;
      return;
    }
    if (this.cgroup !== undefined && !this.cgroup.add(pid)) {
      this.cgroup.removeNow();
      this.cgroup = undefined;
    }
    // In a PID namespace the launcher forks the pad's first process at once: one forked before
    // the launcher joined the cgroup is moved in by hand (later ones inherit it).
    if (this.cgroup !== undefined && this.ownPids) for (const child of childrenOf(pid)) this.cgroup.add(child);
    this.startTime = processStartTime(pid);
    watchPad({ marker: this.spec.marker, pid, ...(this.startTime === undefined ? {} : { start: this.startTime }), ...(this.cgroup === undefined ? {} : { cgroup: this.cgroup.dir }) });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exit === undefined && this.startError === undefined && !this.isClosed;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  private get channel(): Socket | undefined {
    return (this.child.stdio[3] ?? undefined) as Socket | undefined;
  }

  /** Runs one cell; never rejects (every failure is an outcome). One cell at a time: the host queues. */
  run(cell: CellToRun, limits: ScratchpadLimits): Promise<RawCellOutcome> {
    if (this.running !== undefined) throw new Error('PadProcess.run: a cell is already running');
    return new Promise((resolve) => {
      const now = Date.now();
      const running: RunningCell = {
        cell,
        limits,
        startedAt: now,
        lastActivityAt: now,
        lastCpuTicks: undefined,
        oomKillsAtStart: this.cgroup?.oomKills() ?? 0,
        timers: [],
        resolve,
      };
      if (!this.alive) {
        resolve(this.deadOutcome());
        return;
      }
      this.running = running;
      this.setReferenced(true);
      const marker = `\u0001engram-cell-end:${randomBytes(16).toString('hex')}\u0001`;
      const markerBytes = new TextEncoder().encode(marker);
      this.out.begin(markerBytes, limits.maxOutputBytes);
      this.err.begin(markerBytes, limits.maxOutputBytes);
      running.timers.push(setTimeout(() => this.kill('timeout'), limits.timeoutMs));
      const tickMs = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, Math.floor(limits.inactivityMs / 4)));
      running.timers.push(setInterval(() => this.livenessTick(running, tickMs), tickMs));
      this.channel?.write(encodeCellRequest({ id: cell.id, name: cell.name, code: cell.code, marker }));
    });
  }

  /** Kills the running cell (if any) for `cause`; the child's whole process group goes. */
  kill(cause: KillCause): void {
    if (this.running !== undefined && this.running.killCause === undefined) this.running.killCause = cause;
    this.killGroup();
  }

  /** Ends the child (no cell outcome needed) and waits until it is gone. */
  async shutdown(): Promise<void> {
    // Whoever awaits the shutdown needs the loop alive until the child is gone: an idle pad's
    // handles are unref'd, and Node would otherwise exit mid-await, dropping the caller's work.
    if (!this.isClosed) this.setReferenced(true);
    if (this.running !== undefined) this.kill('cancelled');
    else this.killGroup();
    await this.closed();
  }

  /** Kills synchronously, for the host's process-exit hook. */
  killNow(): void {
    this.killGroup();
    this.cgroup?.removeNow();
  }

  closed(): Promise<void> {
    if (this.released) return Promise.resolve();
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  /**
   * SIGKILLs the pad and everything it started: the cgroup (which nothing in it can leave),
   * then a /proc sweep (marker variable, process group, session, descendants), then the
   * process group (all there is where /proc is missing). While the child is not yet reaped its
   * pid cannot name another process, so the sweep may follow it; afterwards only the marker.
   */
  private killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.isClosed) return;
    this.cgroup?.kill();
    const reaped = this.exit !== undefined;
    sweepPadProcesses(this.spec.marker, reaped ? undefined : { pid, ...(this.startTime === undefined ? {} : { startTime: this.startTime }) });
    if (reaped) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group may be gone already; fall back to the leader alone.
      try {
        this.child.kill('SIGKILL');
      } catch {
        /* already dead */
      }
    }
  }

  private setReferenced(referenced: boolean): void {
    // Idle pads must not keep the host's event loop alive; a running cell must.
    const handles = [this.child, this.child.stdout, this.child.stderr, this.channel] as { ref?: () => void; unref?: () => void }[];
    for (const handle of handles) (referenced ? handle.ref : handle.unref)?.call(handle);
  }

  private onOutput(stream: CellOutputStream, chunk: Buffer): void {
    stream.push(chunk);
    const running = this.running;
    if (running === undefined) return;
    running.lastActivityAt = Date.now();
    this.maybeComplete(running);
  }

  private onChannel(chunk: string): void {
    let lines: string[];
    try {
      lines = this.lines.push(chunk);
    } catch {
      return; // an oversized line is dropped; the cell then ends by its timers
    }
    for (const line of lines) {
      const message = parseHostMessage(line);
      if (message.t === 'ready') this.version = message.version;
      if (message.t !== 'done') continue;
      const running = this.running;
      if (running?.cell.id !== message.id || running.done !== undefined) continue;
      running.done = { error: message.error, durationMs: message.durationMs };
      if (this.dataLimited && MEMORY_ERROR.test(message.error.trimEnd())) {
        // The allocation was refused at the pad's cap: the cell went over it, so it is killed like one the kernel stopped.
        this.kill('memory');
        continue;
      }
      running.timers.push(setTimeout(() => this.finish(running, this.completedOutcome(running)), MARKER_GRACE_MS));
      this.maybeComplete(running);
    }
  }

  private livenessTick(running: RunningCell, tickMs: number): void {
    if (this.running !== running || running.killCause !== undefined) return;
    const now = Date.now();
    const pid = this.child.pid;
    const ticks = pid === undefined ? undefined : this.cpuTicks(pid);
    if (ticks !== undefined && running.lastCpuTicks !== undefined && (ticks - running.lastCpuTicks) * MS_PER_CPU_TICK >= tickMs * CPU_BUSY_FRACTION) {
      running.lastActivityAt = now;
    }
    running.lastCpuTicks = ticks;
    if (now - running.lastActivityAt >= running.limits.inactivityMs) this.kill('inactivity');
  }

  private maybeComplete(running: RunningCell): void {
    if (running.done === undefined || running.killCause !== undefined) return;
    if (this.out.sawMarker && this.err.sawMarker) this.finish(running, this.completedOutcome(running));
  }

  private completedOutcome(running: RunningCell): RawCellOutcome {
    const done = running.done ?? { error: '', durationMs: Date.now() - running.startedAt };
    const error = truncateText(done.error, running.limits.maxOutputBytes);
    return {
      status: 'completed',
      stdout: this.out.end(),
      stderr: this.err.end(),
      error: error.text,
      errorTruncated: error.truncated,
      durationMs: done.durationMs,
    };
  }

  private deadOutcome(): RawCellOutcome {
    const reason = this.startError !== undefined ? `Could not start the ${this.spec.runtime} runtime (${this.spec.command}): ${this.startError.message}` : diedError(null, null);
    return {
      status: this.startError !== undefined ? 'failed-to-start' : 'died',
      stdout: EMPTY_OUTPUT,
      stderr: EMPTY_OUTPUT,
      error: reason,
      errorTruncated: false,
      durationMs: 0,
    };
  }

  /** The outcome of a cell whose child is gone: killed by us, killed from outside, or died on its own. */
  private endedOutcome(running: RunningCell): RawCellOutcome {
    const elapsed = Date.now() - running.startedAt;
    const stdout = this.out.end();
    const stderr = this.err.end();
    if (this.startError !== undefined && this.version === undefined && this.child.pid === undefined) {
      return { ...this.deadOutcome(), stdout, stderr, durationMs: elapsed };
    }
    const signal = this.exit?.signal ?? null;
    const cause: KillCause | undefined = running.killCause ?? (this.overMemory(running, stderr.text) ? 'memory' : signal === 'SIGKILL' ? 'external' : undefined);
    if (cause !== undefined) {
      const ms = cause === 'inactivity' ? running.limits.inactivityMs : cause === 'timeout' ? running.limits.timeoutMs : elapsed;
      const reason = killReason(cause, ms, signal ?? 'SIGKILL', this.spec.memoryMb);
      return { status: 'killed', stdout, stderr, error: `${reason}. ${STATE_LOST_NOTICE}`, errorTruncated: false, durationMs: elapsed, kill: { cause, reason } };
    }
    return { status: 'died', stdout, stderr, error: diedError(this.exit?.code ?? null, signal), errorTruncated: false, durationMs: elapsed };
  }

  /**
   * The child died because the cell went over the memory cap: the cgroup's OOM killer fired
   * during the cell, or (under the data rlimit) the runtime died saying it ran out of memory.
   */
  private overMemory(running: RunningCell, stderr: string): boolean {
    if (this.cgroup !== undefined && this.cgroup.oomKills() > running.oomKillsAtStart) return true;
    const crashed = this.exit !== undefined && (this.exit.signal !== null || this.exit.code !== 0);
    return this.dataLimited && crashed && OUT_OF_MEMORY_TEXT.test(stderr.slice(-4096));
  }

  private finish(running: RunningCell, outcome: RawCellOutcome): void {
    if (this.running !== running) return;
    this.running = undefined;
    for (const timer of running.timers) clearTimeout(timer);
    this.setReferenced(false);
    running.resolve(outcome);
  }

  private onStartError(error: Error): void {
    this.startError ??= error;
    if (this.child.pid === undefined) this.onClose();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    // In a PID namespace the pad's init shell reports a runtime killed by signal N as exit 128+N: read it back as the signal.
    const byInit = this.ownPids && signal === null && code !== null && code > SHELL_SIGNAL_BASE ? signalName(code - SHELL_SIGNAL_BASE) : undefined;
    this.exit = byInit === undefined ? { code, signal } : { code: null, signal: byInit };
    // However the pad ended, nothing it started outlives it.
    this.cgroup?.kill();
    sweepPadProcesses(this.spec.marker);
    // Pipes normally close right after; if a grandchild keeps them open, do not wait for it.
    setTimeout(() => this.onClose(), CLOSE_GRACE_MS).unref();
  }

  private onClose(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const running = this.running;
    if (running !== undefined) {
      // A cell that finished just before the child went (its `done` arrived) still counts as completed.
      const completed = running.done !== undefined && running.killCause === undefined && this.out.sawMarker && this.err.sawMarker;
      this.finish(running, completed ? this.completedOutcome(running) : this.endedOutcome(running));
    }
    this.setReferenced(false);
    void this.release().then(() => {
      this.released = true;
      for (const resolve of this.closeWaiters.splice(0)) resolve();
    });
  }

  /** Removes the pad's cgroup (once its processes are gone) and takes it off the watchdog's list. */
  private async release(): Promise<void> {
    const cgroup = this.cgroup;
    this.cgroup = undefined;
    await cgroup?.remove();
    unwatchPad(this.spec.marker);
  }
}
