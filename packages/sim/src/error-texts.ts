import type { Prng } from './prng.js';

const KINDS = ['ValueError', 'TypeError', 'KeyError', 'IndexError', 'AttributeError', 'ZeroDivisionError', 'RuntimeError', 'OSError', 'ImportError', 'AssertionError'] as const;
const WHAT = [
  'column region missing',
  'cannot convert string to float',
  'object has no attribute shape',
  'list index out of range',
  'division by zero in ratio',
  'module pandas has no attribute read_parquet',
  'unexpected keyword argument sep',
  'invalid literal for int',
  'dtype mismatch in merge',
  'empty frame after filter',
  'timezone naive and aware mixed',
  'duplicate labels in index',
] as const;

/**
 * An isolated error text, drawn so two draws rarely share a signature (errorSignature collapses
 * numbers, quotes and paths, so distinct errors must differ in their words).
 */
export const randomError = (rng: Prng): string => `${rng.pick(KINDS)}: ${rng.pick(WHAT)}`;

/** Two error texts with different signatures (a model fixing one problem and meeting the next). */
export const twoDifferentErrors = (rng: Prng): readonly [string, string] => {
  const a = rng.int(0, WHAT.length - 1);
  const b = (a + rng.int(1, WHAT.length - 1)) % WHAT.length;
  return [`${rng.pick(KINDS)}: ${WHAT[a] ?? ''}`, `${rng.pick(KINDS)}: ${WHAT[b] ?? ''}`];
};

/** The same failure as seen from different places: only numbers and paths vary, so one signature. */
export const sharedError = (rng: Prng): ((i: number) => string) => {
  const base = rng.pick(['PermissionError: [Errno 13] Permission denied:', 'FileNotFoundError: [Errno 2] No such file or directory:', 'ConnectionError: HTTP 503 from upstream after', 'QuotaExceeded: request limit reached, retry after']);
  return (i) => `${base} /data/part-${i + rng.int(0, 99)}.csv ${rng.int(1, 500)}`;
};

/** Kill reasons Anton classifies as a hung worker (liveness), each worded differently. */
export const LIVENESS_REASONS = ['liveness check failed: no output for 60s', 'inactivity timeout: worker silent', 'killed by liveness probe', 'no heartbeat: inactivity limit reached'] as const;
/** Kill reasons Anton classifies as a cell too heavy to finish. */
export const HEAVY_REASONS = ['Cell timed out after 30s', 'memory limit exceeded (2 GB)', 'cancelled: CPU budget spent', 'output limit exceeded, cell stopped'] as const;
/** Kill reasons that say nothing about the cell (ambiguous: counted for neither class). */
export const AMBIGUOUS_REASONS = ['killed without producing any output', 'auto-install of missing package interrupted'] as const;

/** k distinct entries of a list, in random order (k at most its length). */
export const distinct = <T>(rng: Prng, items: readonly T[], k: number): T[] => {
  const pool = [...items];
  const out: T[] = [];
  for (let i = 0; i < k && pool.length > 0; i++) out.push(...pool.splice(rng.int(0, pool.length - 1), 1));
  return out;
};
