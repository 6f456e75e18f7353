import type { KillCause } from './kill-reasons.js';

/** The runtimes a pad can run (the same names as the events' `RuntimeSchema`). */
export type ScratchpadRuntime = 'node' | 'python';

export const SCRATCHPAD_RUNTIMES: readonly ScratchpadRuntime[] = ['node', 'python'];

/**
 * How a cell ended: `completed` (ran to its end, with or without an error), `killed` (timed
 * out, hung, cancelled, or SIGKILLed from outside), `died` (the child exited on its own in the
 * middle of the cell: `process.exit`, `os._exit`, a crash), `failed-to-start` (the runtime could
 * not be started at all, e.g. `python3` missing).
 */
export type CellStatus = 'completed' | 'killed' | 'died' | 'failed-to-start';

/** Everything about one cell, as plain data. */
export interface CellResult {
  readonly pad: string;
  readonly cellId: string;
  readonly runtime: ScratchpadRuntime;
  readonly status: CellStatus;
  /** Anton's success: the cell completed, its error is empty AND its stderr is blank, so a warning counts as a failure. */
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** The traceback or thrown value (completed cells), or why the cell was stopped; `''` when none. */
  readonly error: string;
  /** Bytes the cell wrote to stdout, before truncation. */
  readonly stdoutBytes: number;
  readonly stderrBytes: number;
  /** Some of stdout, stderr or the error was cut to `maxOutputBytes`. */
  readonly truncated: boolean;
  readonly durationMs: number;
  /** Set for killed cells: the cause and the reason text the ACC classifies. */
  readonly kill?: { readonly cause: KillCause; readonly reason: string };
  /** The pad's process is gone after this cell; the next cell starts fresh. */
  readonly stateLost: boolean;
  /** This cell ran in a new process because the previous one was killed or died. */
  readonly freshProcess: boolean;
  /** A sentence for the model when state was lost (this cell's kill or crash, or an earlier one's). */
  readonly notice?: string;
}

/** The error text of a cell whose child exited on its own before finishing. */
export const diedError = (code: number | null, signal: string | null): string =>
  `The pad's process exited in the middle of the cell (${signal === null ? `exit code ${code ?? 'unknown'}` : `signal ${signal}`}); ` +
  'the next cell starts a fresh process, so variables and imports from earlier cells are gone.';

/** Anton's success test (anton.md §4.1): no error and nothing but whitespace on stderr. */
export const isCleanCell = (error: string, stderr: string): boolean => error.trim() === '' && stderr.trim() === '';
