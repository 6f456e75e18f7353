import type { ErrorClass } from './error-class.js';

/**
 * One recovery hint per error class: what to do differently next time, phrased as an action so
 * it can go straight into a lesson or a mid-turn tip. The type makes a class without a hint a
 * compile error.
 */
export const RECOVERY_HINTS: { readonly [C in ErrorClass]: string } = {
  encoding:
    "Detect the file's encoding first (e.g. `file -i` or chardet) and decode with it, or read bytes and decode with errors='replace'; never assume UTF-8.",
  'path-not-found':
    'Check the path exists before using it: list the directory, resolve it against the working directory, and search for the right name instead of guessing.',
  permission: 'Check the permissions and owner of the path; write to a folder you own (such as a temp dir) instead of escalating privileges.',
  timeout: 'Split the work into smaller steps or sample the data first, with a timeout per step; do not rerun the same slow cell unchanged.',
  'size-limit':
    'Process the input in chunks (offset/limit, streaming, iterators) and print summaries, not whole objects; do not load or print it all at once.',
  syntax: 'Re-read the code around the reported line and fix brackets, quotes and indentation; keep cells short so syntax errors are easy to find.',
  'missing-module':
    "Install the package into this pad's environment before importing it (or use the standard library), and check the import name matches the package.",
  'rate-limit': 'Back off before retrying (honour Retry-After), batch requests and cache results instead of calling in a tight loop.',
  auth: 'Check the credentials are configured (environment variable or key file) and valid for this endpoint; never paste secrets into code.',
  network: 'Check the host, port and connectivity (DNS, proxy, service running) before retrying with backoff, or work from cached data.',
  unknown: 'Read the whole error and traceback, reproduce it with the smallest input, and change the approach rather than retrying unchanged.',
};
