import { errorSignature } from './error-signature.js';

/**
 * The error line of a failed call and its signature (issue 24 item 2). A failed call's output
 * says what went wrong in one line, and that line usually comes last (after a traceback, after
 * the debug prints the agent added), so keying "the same failure" on the head of the output, or
 * on all of it, splits one failure into many and quotes truncation markers instead of the error.
 * `errorSignature` stays Anton's normaliser (its callers keep parity); this picks the line first.
 */

/** The header Claude Code puts before a failed Bash call's output (`Exit code 1`): not what failed. */
const EXIT_HEADER = /^\s*exit code:? -?\d+[\s.\u2026]*$/i;
/**
 * A marker a host or agent puts where it cut a long output: `[4839 more characters]`,
 * `[... 2429 characters elided ...]`, `... (120 lines truncated)`, `<output truncated>`. Never
 * what failed, so never a signature.
 */
const TRUNCATION_MARKER = new RegExp(
  String.raw`[[(<]\s*(?:\.{3}|\u2026)?\s*(?:\+?\d[\d,]*\s+(?:more\s+)?(?:characters?|chars?|lines?|bytes?)\b[^\])>]*|(?:output\s+)?(?:truncated|elided|omitted)[^\])>]*)[\])>]`,
  'gi',
);
/** `Traceback (most recent call last):`, Python's header before the frames and the exception line. */
const TRACEBACK = /^\s*Traceback \(most recent call last\):/;
/** An exception line: `ValueError: ...`, `django.core.exceptions.FieldError: ...`, `AssertionError`. */
const EXCEPTION_LINE = /^\s*(?:E\s+)?(?:[A-Za-z_]\w*\.)*[A-Za-z_]*(?:Error|Exception)\b(?::|\s*$)/;
/** pytest's `E   assert 1 == 2` and a test runner's `ERROR: test_x (...)` / `FAIL: test_y` / `FAILED tests/...`. */
const TEST_RUNNER_LINE = /^(?:E\s+\S|(?:ERROR|FAIL|FAILED)\b[:\s])/;
/** A shell or tool that could not find what it was told to run or open. */
const NOT_FOUND_LINE = /\b(?:command not found|not found|no such file or directory|cannot access|no module named|unknown command)\b/i;
/** A word that says something went wrong, for output in no known shape. */
const ERROR_WORD = /\b(?:error|errors|fail|failed|failure|fatal|exception|cannot|can't|unable|invalid|denied|refused|missing|unrecognized|unknown|abort|aborted|panic|timed out|traceback)\b/i;
/** A UUID, and a hex id of 8 or more digits with at least one digit and one letter (a commit, an object id). */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const HEX_ID = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi;
/** A relative path (`tests/test_x.py`, `./run.sh`): Anton's normaliser collapses only what starts at a slash. */
const RELATIVE_PATH = /(?<![\w/.-])\.{0,2}[\w.-]*\w\/[\w./-]*/g;
/** Enough of a line to tell one failure from another; a minified line is not read to its end. */
const MAX_SIGNATURE_CHARS = 240;
/** The signature of a failure with nothing in its output. */
const NO_OUTPUT = 'no output';
/** A call that was killed (a timeout, an interrupt) failed because it ran too long, whatever it printed. */
const KILLED = 'killed (timed out or interrupted)';

/**
 * Placeholders can form new matches (`0\\(` gives `N/P`, itself a relative path), so one pass is
 * not always a signature of itself: normalising runs to a fixed point, which a few rounds reach
 * (each round only collapses text), and the bound keeps a pathological line from looping.
 */
const MAX_NORMALISE_ROUNDS = 8;

const normaliseOnce = (line: string): string =>
  errorSignature(line.replace(UUID, 'ID').replace(HEX_ID, 'ID').replace(RELATIVE_PATH, '/P'))
    .toLowerCase()
    .slice(0, MAX_SIGNATURE_CHARS)
    .trimEnd();

/** The output's lines without the exit-code header, truncation markers and blank lines. */
const meaningfulLines = (output: string): string[] =>
  output
    .split(/\r?\n|\r/)
    .map((line) => line.replace(TRUNCATION_MARKER, ' ').trimEnd())
    .filter((line, i) => line.trim() !== '' && !(i === 0 && EXIT_HEADER.test(line)));

const lastMatching = (lines: readonly string[], re: RegExp): string | undefined => [...lines].reverse().find((l) => re.test(l));

/** The exception line after the last `Traceback` header: the first line back at the left margin. */
const exceptionAfterTraceback = (lines: readonly string[]): string | undefined => {
  const start = lines.findLastIndex((l) => TRACEBACK.test(l));
  if (start < 0) return undefined;
  return lines.slice(start + 1).find((l) => /^\S/.test(l));
};

/**
 * The line of a failed call's output that says what went wrong, trimmed: the exception line
 * after the last traceback, else the last `XxxError:` line, else a test runner's error line
 * (pytest's `E ...`), else a "not found" line, else the first line with an error word, else the
 * first line. The `Exit code N` header and truncation markers are never it; '' when nothing is left.
 */
export const errorLine = (output: string | null | undefined): string => {
  const lines = meaningfulLines(output ?? '');
  const line =
    exceptionAfterTraceback(lines) ??
    lastMatching(lines, EXCEPTION_LINE) ??
    lines.find((l) => TEST_RUNNER_LINE.test(l)) ??
    lines.find((l) => NOT_FOUND_LINE.test(l)) ??
    lines.find((l) => ERROR_WORD.test(l)) ??
    lines[0] ??
    '';
  return line.trim();
};

/**
 * "The same failure" across calls and sessions: the error line, normalised (ids, paths, numbers,
 * hex and quoted values collapsed, spacing folded, lower case). A killed call is its own
 * signature; an empty output is `no output`. Idempotent, and never a truncation marker.
 */
export const failureSignature = (output: string | null | undefined, options: { readonly killed?: boolean } = {}): string => {
  if (options.killed === true) return KILLED;
  const line = errorLine(output);
  if (line === '') return NO_OUTPUT;
  let normalised = line;
  for (let round = 0; round < MAX_NORMALISE_ROUNDS; round++) {
    const next = normaliseOnce(normalised);
    if (next === normalised) break;
    normalised = next;
  }
  return normalised || NO_OUTPUT;
};
