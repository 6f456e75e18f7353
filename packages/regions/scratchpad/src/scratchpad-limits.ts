/** Default limits of a scratchpad host, each with its reason; every one can be overridden per host and per cell. */
export interface ScratchpadLimits {
  /** Wall-clock limit of one cell; past it the cell is killed as too heavy. */
  readonly timeoutMs: number;
  /** A cell that prints nothing and uses no CPU for this long is killed as hung (liveness). */
  readonly inactivityMs: number;
  /** Bytes kept per stream (stdout, stderr) and for the error text of one cell. */
  readonly maxOutputBytes: number;
}

export const DEFAULT_LIMITS: ScratchpadLimits = {
  timeoutMs: 60_000,
  inactivityMs: 20_000,
  maxOutputBytes: 64 * 1024,
};

export const SCRATCHPAD_LIMIT_REASONS: { readonly [K in keyof ScratchpadLimits]: string } = {
  timeoutMs: 'a minute fits a real data step; past that the model should split the work (Anton kills at a similar bound).',
  inactivityMs: 'a cell silent and idle for 20s is waiting on something that will not come; killing early saves the turn.',
  maxOutputBytes: '64 KiB per stream is far more than a model reads usefully and keeps the event log small.',
};

/** Cells `view` keeps per pad: enough to see what was tried, bounded so a long session stays small. */
export const MAX_VIEW_CELLS = 50;

/** Characters of a cell's code and output `view` shows: enough to recognise a cell, not to replay it. */
export const VIEW_TEXT_CHARS = 2000;
