import { callPattern } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import type { StoredCallLesson } from '../call-lessons/stored-call-lesson.js';
import type { LatestRun, WrittenScript } from './call-outcome-core.js';
import { callWarning, type CallWarningInput } from './call-warning.js';
import { ALL_CALLS_KEY, countRun, EMPTY_OUTCOMES, outcomeKeys, type CallSituation, type OutcomeTable } from './outcome-table.js';

const AT = '2026-11-01T00:00:00.000Z';
const ERR = "ModuleNotFoundError: No module named 'psycopg2'";

/** A project record: `runs` runs of `command` in `situation`, `fails` of them failed, among `others` other calls that worked. */
const record = (command: string, runs: number, fails: number, situation: CallSituation = 'first', others = 100): OutcomeTable => {
  const keys = outcomeKeys(callPattern('Bash', { command }), { command }, situation);
  if (keys === null) throw new Error('no keys');
  let t = EMPTY_OUTCOMES;
  for (let i = 0; i < others; i++) t = countRun(t, [ALL_CALLS_KEY, `p:Bash other${i % 5}`], true, '', AT);
  for (let i = 0; i < runs; i++) t = countRun(t, [ALL_CALLS_KEY, keys.program, keys.pattern, keys.exact, keys.situation], i >= fails, i < fails ? ERR : '', AT);
  return t;
};

/** A script the turn wrote whole, of `lines` lines, mentioning `words`. */
const script = (lines: number, words: readonly string[] = [], worked = false): WrittenScript => ({ lines, words, worked });

const input = (command: string, over: Partial<CallWarningInput> = {}): CallWarningInput => ({
  call: callPattern('Bash', { command }),
  input: { command },
  stored: EMPTY_OUTCOMES,
  turn: EMPTY_OUTCOMES,
  latest: new Map(),
  lessons: [],
  ...over,
});

const lesson: StoredCallLesson = {
  lessonId: 'cerebellum.call.a',
  failed: { tool: 'Bash', pattern: 'python reproduce_issue.py' },
  errorLine: ERR,
  signature: "modulenotfounderror: no module named 'x'",
  recovery: { tool: 'Bash', pattern: 'python run_repro.py', afterWrites: false },
  text: 'In this project `python reproduce_issue.py` (Bash) failed with "ModuleNotFoundError: No module named \'psycopg2\'"; what worked instead: `python run_repro.py` (Bash).',
  count: 1,
  sessions: ['s1'],
  firstSeen: AT,
  lastSeen: AT,
  use: { shown: 0, ignored: 0, otherError: 0, heeded: 0 },
};

describe('callWarning', () => {
  // Why (issue 24): lessons about a script written afresh each session were said before every run
  // of it, though it failed in one run of four: the warnings were wrong three times in four.
  it('given a lesson whose pattern fails 1 run in 4 in this project, when the pattern is called, then nothing is said', () => {
    expect(callWarning(input('python reproduce_issue.py', { stored: record('python reproduce_issue.py', 40, 10), lessons: [lesson] }))).toBeNull();
  });

  it('given a lesson whose pattern fails 3 runs in 4, when it is called, then the lesson is said with its recovery', () => {
    const w = callWarning(input('python3 reproduce_issue.py', { stored: record('python reproduce_issue.py', 8, 6), lessons: [lesson] }));
    expect(w?.kind).toBe('lesson');
    expect(w?.text).toContain('what worked instead: `python run_repro.py`');
    expect(w?.estimate).toBeGreaterThan(0.5);
  });

  it('given no lesson, when a pattern that fails most of its runs is called, then its record is said with the latest error line; with fewer than 3 runs, nothing', () => {
    const w = callWarning(input('python -m pytest tests', { stored: record('python -m pytest', 5, 4) }));
    expect(w).toMatchObject({ kind: 'record' });
    expect(w?.text).toBe(`In this project \`python -m pytest\` failed 4 times in 5 runs, latest with "${ERR}". Check the cause before running it, or do the job another way.`);
    expect(callWarning(input('python -m pytest tests', { stored: record('python -m pytest', 2, 2) }))).toBeNull();
  });

  it('given a pattern that failed earlier in the turn with nothing written since, when it is retried, then the retry is warned with its error line; after a write or once it worked, not', () => {
    const turn = record('python repro.py', 1, 1, 'first', 3);
    const failedNoWrite = new Map<string, LatestRun>([['python repro.py', { ok: false, line: ERR, wrote: false }]]);
    const w = callWarning(input('python repro.py', { turn, latest: failedNoWrite }));
    expect(w?.kind).toBe('retry');
    expect(w?.text).toContain(`already failed in this turn with "${ERR}"`);
    expect(callWarning(input('python repro.py', { turn, latest: new Map([['python repro.py', { ok: false, line: ERR, wrote: true }]]) }))).toBeNull();
    expect(callWarning(input('python repro.py', { stored: record('python repro.py', 9, 9), latest: new Map([['python repro.py', { ok: true, line: '', wrote: false }]]) }))).toBeNull();
  });

  // Why (issue 24): the first run of a script written afresh failed about one time in two, a coin
  // flip the record alone could not call; a long new script fails far more often than a short one.
  it('given new scripts that fail 1 in 2 first runs, long ones 9 in 10 and short ones 1 in 10, when a new script is run first, then a long one is warned about and a short one is not', () => {
    const sized = (stored: OutcomeTable, cls: number, runs: number, fails: number): OutcomeTable => {
      let t = stored;
      for (let i = 0; i < runs; i++) t = countRun(t, [`n:${cls}:Bash python`, 'n:*:Bash python'], i >= fails, i < fails ? ERR : '', AT);
      return t;
    };
    const stored = sized(sized(record('python repro.py', 40, 18), 6, 20, 18), 3, 20, 2);
    const long = callWarning(input('python repro.py', { stored, written: new Map([['repro.py', script(90)]]) }));
    const short = callWarning(input('python repro.py', { stored, written: new Map([['repro.py', script(10)]]) }));
    const unknown = callWarning(input('python repro.py', { stored }));
    expect(long?.estimate).toBeGreaterThan(0.6);
    expect(short).toBeNull();
    expect(unknown?.estimate ?? 0).toBeLessThan(long?.estimate ?? 0);
  });

  // Why (issue 24): the typical mistake is a module or program that is not there, reached for again
  // in most later sessions; a new script's first run is a coin flip on its record alone, but one
  // that mentions a name the project found missing fails about two times in three.
  it('given a name the project found missing, when a script that mentions it is run, then the warning names it and the line that said so; a script without it, or after a script with it worked in the turn, is not warned', () => {
    const missing = countRun(record('python repro.py', 20, 8), ['m:reproduce_app'], false, "ModuleNotFoundError: No module named 'reproduce_app'", AT);
    const mentions = new Map([['repro.py', script(30, ['INSTALLED_APPS', 'reproduce_app'])]]);
    const w = callWarning(input('python repro.py', { stored: missing, written: mentions }));
    expect(w).toMatchObject({ kind: 'missing', name: 'reproduce_app' });
    expect(w?.text).toBe("`python repro.py` reaches for `reproduce_app`, which this project found missing (\"ModuleNotFoundError: No module named 'reproduce_app'\"). Provide it first, or do the job without it.");
    expect(callWarning(input('python repro.py', { stored: missing, written: new Map([['repro.py', script(30, ['INSTALLED_APPS'])]]) }))).toBeNull();
    const had = new Map([...mentions, ['other.py', script(5, ['reproduce_app'], true)]]);
    expect(callWarning(input('python repro.py', { stored: missing, written: had }))).toBeNull();
    // Named in the command itself.
    // A lesson about another error does not speak for the missing name; one about the same absence does.
    const other = { ...lesson, failed: { tool: 'Bash', pattern: 'python repro.py' }, errorLine: 'IndentationError: unexpected indent' };
    expect(callWarning(input('python repro.py', { stored: missing, written: mentions, lessons: [other] }))?.kind).toBe('missing');
    const same = { ...other, errorLine: "ModuleNotFoundError: No module named 'reproduce_app'" };
    expect(callWarning(input('python repro.py', { stored: missing, written: mentions, lessons: [same] }))?.kind).toBe('lesson');
    const inline = countRun(record('python -c "print(1)"', 10, 3), ['m:reproduce_app'], false, ERR, AT);
    expect(callWarning(input('python -c "import reproduce_app"', { stored: inline }))?.kind).toBe('missing');
    expect(callWarning(input('python -c "import os"', { stored: inline }))).toBeNull();
  });

  // Why (issue 24): `rm a b c` failing on `c` removed `a` and `b`; the agent's next `rm a b` fails
  // on them, and nothing in the project's record could say so (the pattern may have worked before).
  it('given a file the turn removed, when a call needs it, then the warning names it and the command that removed it, even after the pattern worked; after it is written back, nothing', () => {
    const gone = new Map([['repro.py', 'rm repro.py check.py notes.txt']]);
    const w = callWarning(input('rm repro.py check.py', { gone, latest: new Map<string, LatestRun>([['rm repro.py check.py', { ok: true, line: '', wrote: false }]]) }));
    expect(w).toMatchObject({ kind: 'gone', path: 'repro.py', estimate: 0.75 });
    expect(w?.text).toContain('`repro.py` is not there any more');
    expect(w?.text).toContain('`rm repro.py check.py notes.txt`');
    expect(w?.text).toContain('Leave it out of the command');
    expect(callWarning(input('python repro.py', { gone }))?.text).toContain('Write it again first');
    expect(callWarning(input("cat <<'EOF' > repro.py\nprint(1)\nEOF\npython repro.py", { gone }))).toBeNull();
    expect(callWarning(input('rm -f repro.py', { gone }))).toBeNull();
  });

  // Why (issue 24): the agent runs a script it believes it wrote (a name it never wrote, that no
  // output showed), or lists in `rm` a file it never made.
  it('given files the turn knows, when a script it never saw is run for the first time, or rm is given a file it never saw, then the warning names it; a script that worked in the project, or a turn that saw no output, is not warned', () => {
    const known = new Set(['repro.py']);
    const script = callWarning(input('python apply_fix.py', { known }));
    expect(script).toMatchObject({ kind: 'unknown', path: 'apply_fix.py', estimate: 0.8 });
    expect(script?.text).toContain(`"can't open file"`);
    expect(callWarning(input('rm repro.py notes.txt', { known }))).toMatchObject({ kind: 'unknown', path: 'notes.txt', estimate: 0.54 });
    expect(callWarning(input('python apply_fix.py', { known, stored: record('python apply_fix.py', 2, 1) }))).toBeNull();
    expect(callWarning(input('python apply_fix.py', { known: null }))).toBeNull();
    expect(callWarning(input('python apply_fix.py'))).toBeNull();
  });

  it('given a call naming nothing to key on, then nothing is said', () => {
    expect(callWarning(input('cd /repo', { stored: countRun(EMPTY_OUTCOMES, [ALL_CALLS_KEY], false, ERR, AT) }))).toBeNull();
  });
});
