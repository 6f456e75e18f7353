import { randomBytes } from 'node:crypto';
import { isCleanCell, SCRATCHPAD_RUNTIMES, type CellResult, type ScratchpadRuntime } from '../cell-result.js';
import { cancelledReason, FRESH_PROCESS_NOTICE, STATE_LOST_NOTICE } from '../kill-reasons.js';
import { validatePadName } from '../pad-name.js';
import { cellRecord, type CellRecord, type PadInfo, type PadView } from '../pad-view.js';
import { ScratchpadError } from '../scratchpad-error.js';
import { DEFAULT_LIMITS, MAX_VIEW_CELLS, type ScratchpadLimits } from '../scratchpad-limits.js';
import { parsePadMemoryMb, PAD_MEMORY_ENV } from '../parse-pad-memory-mb.js';
import { scrubChildEnv } from '../scrub-child-env.js';
import { cgroupBase } from './pad-cgroup.js';
import { padFence } from './pad-fence.js';
import { padPidNamespace } from './pad-pid-namespace.js';
import { scrubOwnEnviron, type EnvironScrub } from './scrub-own-environ.js';
import { trackProcess } from './live-processes.js';
import { NODE_HOST_SOURCE } from './node-host-source.js';
import { PadProcess, type RawCellOutcome } from './pad-process.js';
import { PYTHON_HOST_SOURCE } from './python-host-source.js';

/** How to start a runtime's interpreter; the host script is appended to `args`. */
export interface RuntimeCommand {
  readonly command: string;
  readonly args: readonly string[];
}

export interface ScratchpadHostOptions {
  /** Enabled runtimes, each optionally with its own interpreter; default: node (this Node) and python (`python3`). */
  readonly runtimes?: Partial<Record<ScratchpadRuntime, Partial<RuntimeCommand>>>;
  /** The runtime of a new pad when `exec` names none; default `python`, as in Anton. */
  readonly defaultRuntime?: ScratchpadRuntime;
  readonly timeoutMs?: number;
  readonly inactivityMs?: number;
  readonly maxOutputBytes?: number;
  /** Working directory of every pad; default the host's. */
  readonly cwd?: string;
  /** Extra variables for the pads (they skip the allow-list, not the secret checks). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The environment the allow-list is applied to; default `process.env`. */
  readonly inheritedEnv?: Readonly<Record<string, string | undefined>>;
  /** CPU probe for the liveness check (tests swap it); default reads Linux `/proc`. */
  readonly cpuTicks?: (pgid: number) => number | undefined;
  /** Memory cap per pad in MB; default `ENGRAM_PAD_MEMORY_MB` from `inheritedEnv`, else 2048. */
  readonly memoryMb?: number;
  /** Give each pad its own cgroup v2 group where this process may create one (default true); false leaves the /proc sweep and the rlimit alone. */
  readonly cgroup?: boolean;
  /** Start pads inside a Landlock fence where the kernel and python3 allow (default true): a cell cannot ptrace or read the memory of engram or any process outside its pad. */
  readonly fence?: boolean;
  /** Start pads in their own PID namespace with their own /proc where the system allows (default true): a cell sees only its own processes. */
  readonly pidNamespace?: boolean;
}

/** How a host's pads are fenced in on this machine (see docs/scratchpad.md, "The pad as a boundary"). */
export interface PadIsolation {
  readonly memoryMb: number;
  /** `cgroup`: memory.max on each pad's group (and the data rlimit per process); `rlimit`: the data rlimit per process only; `none`: not Linux. */
  readonly memory: 'cgroup' | 'rlimit' | 'none';
  /** Pads get their own cgroup (one `cgroup.kill` ends all they started); otherwise only the /proc sweep finds what they detach. */
  readonly cgroup: boolean;
  /** Why there is no cgroup, when there is none. */
  readonly cgroupProblem?: string;
  /** What scrubbing this process's /proc environ did, once the first pad has started (undefined before). */
  readonly environ?: EnvironScrub;
  /** Pads start inside the Landlock fence (no ptrace, no /proc/<pid>/mem, no signals to processes outside the pad). */
  readonly fenced: boolean;
  /** The fence probe's answer: `ok: Landlock ABI 7`, or why pads run unfenced. */
  readonly fenceStatus: string;
  /** Pads run in their own PID namespace with their own /proc: no other process (engram's parents included) is visible to a cell. */
  readonly ownPids: boolean;
  /** The namespace probe's answer, or why pads see the machine's processes (then docs/scratchpad.md says what that leaves open). */
  readonly ownPidsStatus: string;
}

export interface ExecRequest {
  readonly pad: string;
  readonly code: string;
  /** Required only to pick a new pad's runtime; must match an existing pad's. */
  readonly runtime?: ScratchpadRuntime;
  /** Defaults to `<pad>-<n>`; the executive passes the id it announced in `scratchpad.cell.requested`. */
  readonly cellId?: string;
  readonly timeoutMs?: number;
  readonly inactivityMs?: number;
  readonly maxOutputBytes?: number;
}

/** Named, persistent code runtimes. Plain promises and data: no bus, no observers. */
export interface ScratchpadHost {
  /** Runs a cell (creating the pad on first use); cells of one pad run one after another. Never rejects for what the code does. */
  exec(request: ExecRequest): Promise<CellResult>;
  /** Kills the pad's running cell (`Cancelled by request ...`); false when nothing was running. */
  cancel(pad: string): boolean;
  /** Kills the pad's process and forgets its state and history; `existed` is false for an unknown pad. */
  reset(pad: string): Promise<{ readonly existed: boolean }>;
  /** Kills the pad's process and forgets the pad; false for an unknown pad. */
  remove(pad: string): Promise<boolean>;
  /** The pad's latest cells (at most `MAX_VIEW_CELLS`, text clipped), or undefined for an unknown pad. */
  view(pad: string): PadView | undefined;
  list(): PadInfo[];
  /** Kills every pad and refuses further cells. */
  closeAll(): Promise<void>;
  /** How the pads are fenced in here: memory cap and how it is enforced, cgroup or sweep, the environ scrub. */
  isolation(): PadIsolation;
}

/** Variables each runtime needs to behave as a pad (unbuffered, UTF-8 output). */
const RUNTIME_ENV: Record<ScratchpadRuntime, Record<string, string>> = {
  node: {},
  python: { PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
};

const DEFAULT_COMMANDS: Record<ScratchpadRuntime, RuntimeCommand> = {
  node: { command: process.execPath, args: [] },
  python: { command: 'python3', args: ['-u'] },
};

const hostArgs = (runtime: ScratchpadRuntime): string[] => (runtime === 'node' ? ['-e', NODE_HOST_SOURCE] : ['-c', PYTHON_HOST_SOURCE]);

interface Pad {
  readonly name: string;
  readonly runtime: ScratchpadRuntime;
  process: PadProcess | undefined;
  /** The last process was killed or died, so the next cell's process is a restart. */
  lostProcess: boolean;
  cellsRun: number;
  readonly history: CellRecord[];
  omittedCells: number;
  queue: Promise<unknown>;
}

const checkLimit = (name: string, value: number | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < min) throw new ScratchpadError('invalid-limit', `${name} must be a number >= ${min}, got ${value}`);
  return value;
};

const resolveLimits = (base: ScratchpadLimits, over: { readonly timeoutMs?: number; readonly inactivityMs?: number; readonly maxOutputBytes?: number }): ScratchpadLimits => ({
  timeoutMs: checkLimit('timeoutMs', over.timeoutMs, 1) ?? base.timeoutMs,
  inactivityMs: checkLimit('inactivityMs', over.inactivityMs, 1) ?? base.inactivityMs,
  maxOutputBytes: Math.floor(checkLimit('maxOutputBytes', over.maxOutputBytes, 0) ?? base.maxOutputBytes),
});

export const createScratchpadHost = (options: ScratchpadHostOptions = {}): ScratchpadHost => {
  const limits = resolveLimits(DEFAULT_LIMITS, options);
  const enabled = (options.runtimes === undefined ? SCRATCHPAD_RUNTIMES : SCRATCHPAD_RUNTIMES.filter((r) => options.runtimes?.[r] !== undefined)).slice();
  const defaultRuntime = options.defaultRuntime ?? (enabled.includes('python') ? 'python' : (enabled[0] ?? 'python'));
  const cwd = options.cwd ?? process.cwd();
  const inherited = options.inheritedEnv ?? process.env;
  const memoryMb = options.memoryMb === undefined ? parsePadMemoryMb(inherited[PAD_MEMORY_ENV]) : parsePadMemoryMb(String(options.memoryMb), 'memoryMb');
  const useCgroup = options.cgroup !== false;
  const fence = (): { prefix?: readonly string[]; status: string } =>
    options.fence === false ? { status: 'disabled by the fence option' } : padFence(scrubChildEnv(inherited)['PATH']);
  const pidNamespace = (): { prefix?: readonly string[]; status: string } =>
    options.pidNamespace === false ? { status: 'disabled by the pidNamespace option' } : padPidNamespace(scrubChildEnv(inherited)['PATH']);
  let environ: EnvironScrub | undefined;
  const pads = new Map<string, Pad>();
  let cellCounter = 0;
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new ScratchpadError('host-closed', 'The scratchpad host is closed (closeAll was called); create a new one.');
  };

  const startProcess = (pad: Pad): PadProcess => {
    // Before the first pad exists, so no cell ever sees engram's keys in /proc/<engram>/environ.
    environ = scrubOwnEnviron();
    const { prefix: fencePrefix } = fence();
    const { prefix: pidNamespacePrefix } = pidNamespace();
    const configured = options.runtimes?.[pad.runtime];
    const base = DEFAULT_COMMANDS[pad.runtime];
    const child = new PadProcess({
      runtime: pad.runtime,
      command: configured?.command ?? base.command,
      args: [...(configured?.args ?? base.args), ...hostArgs(pad.runtime)],
      cwd,
      env: scrubChildEnv(inherited, { ...RUNTIME_ENV[pad.runtime], ...options.env }),
      pendingLimitBytes: limits.maxOutputBytes,
      ...(options.cpuTicks === undefined ? {} : { cpuTicks: options.cpuTicks }),
      marker: `${process.pid}-${randomBytes(8).toString('hex')}`,
      memoryMb,
      useCgroup,
      ...(fencePrefix === undefined ? {} : { fencePrefix }),
      ...(pidNamespacePrefix === undefined ? {} : { pidNamespacePrefix }),
    });
    trackProcess(child);
    return child;
  };

  const cancelledResult = (pad: Pad, cellId: string): CellResult => {
    const reason = `${cancelledReason(0)} (the pad was reset or removed before the cell started)`;
    return {
      pad: pad.name,
      cellId,
      runtime: pad.runtime,
      status: 'killed',
      ok: false,
      stdout: '',
      stderr: '',
      error: reason,
      stdoutBytes: 0,
      stderrBytes: 0,
      truncated: false,
      durationMs: 0,
      kill: { cause: 'cancelled', reason },
      stateLost: false,
      freshProcess: false,
    };
  };

  const toResult = (pad: Pad, cellId: string, outcome: RawCellOutcome, freshProcess: boolean): CellResult => {
    const stateLost = outcome.status === 'killed' || outcome.status === 'died';
    const notice = stateLost ? STATE_LOST_NOTICE : freshProcess ? FRESH_PROCESS_NOTICE : undefined;
    return {
      pad: pad.name,
      cellId,
      runtime: pad.runtime,
      status: outcome.status,
      ok: outcome.status === 'completed' && isCleanCell(outcome.error, outcome.stderr.text),
      stdout: outcome.stdout.text,
      stderr: outcome.stderr.text,
      error: outcome.error,
      stdoutBytes: outcome.stdout.totalBytes,
      stderrBytes: outcome.stderr.totalBytes,
      truncated: outcome.stdout.truncated || outcome.stderr.truncated || outcome.errorTruncated,
      durationMs: outcome.durationMs,
      ...(outcome.kill === undefined ? {} : { kill: outcome.kill }),
      stateLost,
      freshProcess,
      ...(notice === undefined ? {} : { notice }),
    };
  };

  const remember = (pad: Pad, code: string, result: CellResult): void => {
    pad.history.push(cellRecord(code, result));
    if (pad.history.length > MAX_VIEW_CELLS) {
      pad.history.shift();
      pad.omittedCells++;
    }
  };

  const runOn = async (pad: Pad, cellId: string, code: string, cellLimits: ScratchpadLimits): Promise<CellResult> => {
    if (pads.get(pad.name) !== pad || closed) return cancelledResult(pad, cellId);
    let freshProcess = false;
    if (pad.process?.alive !== true) {
      freshProcess = pad.lostProcess;
      pad.lostProcess = false;
      pad.process = startProcess(pad);
    }
    const child = pad.process;
    const outcome = await child.run({ id: cellId, name: `cell-${pad.cellsRun + 1}`, code }, cellLimits);
    const result = toResult(pad, cellId, outcome, freshProcess);
    if (pad.process === child) {
      pad.cellsRun++;
      remember(pad, code, result);
      if (!child.alive || outcome.status !== 'completed') {
        pad.process = undefined;
        pad.lostProcess = result.stateLost;
      }
    }
    return result;
  };

  const stop = async (pad: Pad): Promise<void> => {
    const child = pad.process;
    pad.process = undefined;
    pad.lostProcess = false;
    pad.history.length = 0;
    pad.omittedCells = 0;
    pad.cellsRun = 0;
    await child?.shutdown();
  };

  const info = (pad: Pad): PadInfo => ({
    name: pad.name,
    runtime: pad.runtime,
    alive: pad.process?.alive === true,
    busy: pad.process?.busy === true,
    cellsRun: pad.cellsRun,
  });

  return {
    exec(request) {
      try {
        assertOpen();
        const name = validatePadName(request.pad);
        if (typeof request.code !== 'string' || request.code.trim() === '') {
          throw new ScratchpadError('empty-code', `Cell for pad "${name}" has no code (empty or only whitespace); nothing was run.`);
        }
        const cellLimits = resolveLimits(limits, request);
        const existing = pads.get(name);
        const runtime = request.runtime ?? existing?.runtime ?? defaultRuntime;
        if (!enabled.includes(runtime)) {
          throw new ScratchpadError('runtime-disabled', `Runtime "${String(runtime)}" is not enabled on this host (enabled: ${enabled.join(', ') || 'none'}).`);
        }
        if (existing !== undefined && existing.runtime !== runtime) {
          throw new ScratchpadError('runtime-mismatch', `Pad "${name}" is a ${existing.runtime} pad; remove it (or use another name) to run ${runtime} code.`);
        }
        const pad: Pad = existing ?? { name, runtime, process: undefined, lostProcess: false, cellsRun: 0, history: [], omittedCells: 0, queue: Promise.resolve() };
        pads.set(name, pad);
        const cellId = request.cellId ?? `${name}-${++cellCounter}`;
        const run = pad.queue.then(() => runOn(pad, cellId, request.code, cellLimits));
        pad.queue = run.catch(() => undefined);
        return run;
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    cancel(padName) {
      const child = pads.get(validatePadName(padName))?.process;
      if (child?.busy !== true) return false;
      child.kill('cancelled');
      return true;
    },

    async reset(padName) {
      const pad = pads.get(validatePadName(padName));
      if (pad === undefined) return { existed: false };
      await stop(pad);
      return { existed: true };
    },

    async remove(padName) {
      const name = validatePadName(padName);
      const pad = pads.get(name);
      if (pad === undefined) return false;
      pads.delete(name);
      await stop(pad);
      return true;
    },

    view(padName) {
      const pad = pads.get(validatePadName(padName));
      if (pad === undefined) return undefined;
      return { ...info(pad), cells: [...pad.history], omittedCells: pad.omittedCells };
    },

    list() {
      return [...pads.values()].map(info);
    },

    isolation() {
      const base = useCgroup ? cgroupBase() : { dir: undefined, memory: false, problem: 'disabled by the cgroup option' };
      const cgroup = base.dir !== undefined;
      const memory = cgroup && base.memory ? 'cgroup' : process.platform === 'linux' ? 'rlimit' : 'none';
      return {
        memoryMb,
        memory,
        cgroup,
        ...(base.problem === undefined ? {} : { cgroupProblem: base.problem }),
        ...(environ === undefined ? {} : { environ }),
        fenced: fence().prefix !== undefined,
        fenceStatus: fence().status,
        ownPids: pidNamespace().prefix !== undefined,
        ownPidsStatus: pidNamespace().status,
      };
    },

    async closeAll() {
      closed = true;
      const all = [...pads.values()];
      pads.clear();
      await Promise.all(all.map(stop));
    },
  };
};
