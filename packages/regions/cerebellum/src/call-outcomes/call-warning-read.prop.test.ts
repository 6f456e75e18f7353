import { callPattern, missingName } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredCallLesson } from '../call-lessons/stored-call-lesson.js';
import type { LatestRun, WrittenScript } from './call-outcome-core.js';
import { callWarning, namesReachedFor, type CallWarningInput } from './call-warning.js';
import { callWarningInputOf, callWarningRead } from './call-warning-read.js';
import { ALL_CALLS_KEY, countRun, EMPTY_OUTCOMES, MISSING_PREFIX, missingKey, outcomeKeys, runKeys, type CallSituation, type OutcomeTable } from './outcome-table.js';

/**
 * Why (issue 27): the warning before a call is proved by replay from what it read, and a long
 * project's record must not be logged whole before every call. `callWarningRead` keeps only what
 * the call touches; this property holds it to that: on any record, turn and lessons, the warning
 * from the slice is the warning from the whole input, and the slice holds no key of another call.
 */
const AT = ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z'];
const COMMANDS = ['python -m pytest tests', 'python3 -m pytest', 'npm run build', 'npm run test', 'cat > fix.py <<EOF\nprint(1)\nEOF', 'python fix.py', 'ls src', 'cargo build', 'python -c "import psycopg2"', 'npx tsc -p .', 'rm fix.py other.py', 'cat > fix.py <<EOF\nprint(1)\nEOF\npython fix.py'];
/** Paths the turn may have removed: some of them the commands above need, one of them a folder (`src`). */
const GONE = ['fix.py', 'other.py', 'src', 'src/a.py', 'notes.txt'];
/** Names the turn's scripts mention: some of them the record says are missing (`ERR`). */
const WORDS = ['psycopg2', 'tsc', 'django', 'requests'];
const SITUATIONS: readonly CallSituation[] = ['first', 'retry', 'changed', 'worked'];
const ERR = ['sh: 1: tsc: not found', "No module named 'psycopg2'", ''];

const arbRun = fc.record({ command: fc.constantFrom(...COMMANDS), situation: fc.constantFrom(...SITUATIONS), ok: fc.boolean(), line: fc.constantFrom(...ERR), at: fc.constantFrom(...AT) });

/** Runs counted as the call-outcome core counts them: under the call's keys, and a failure that says a name is missing under its `m:` key. */
const table = (runs: readonly { command: string; situation: CallSituation; ok: boolean; line: string; at: string }[]): OutcomeTable =>
  runs.reduce((t, r) => {
    const counted = countRun(t, runKeys(outcomeKeys(callPattern('Bash', { command: r.command }), { command: r.command }, r.situation, r.command.startsWith('cat') ? null : 12)), r.ok, r.line, r.at);
    const missing = r.ok ? null : missingName(r.line);
    return missing === null ? counted : countRun(counted, [missingKey(missing)], false, r.line, r.at);
  }, EMPTY_OUTCOMES);

const arbLesson = fc.record({ command: fc.constantFrom(...COMMANDS), count: fc.integer({ min: 1, max: 4 }), heeded: fc.integer({ min: 0, max: 3 }), ignored: fc.integer({ min: 0, max: 6 }) }).map(
  ({ command, count, heeded, ignored }, ): StoredCallLesson => ({
    lessonId: `L-${command}-${count}`,
    failed: { tool: 'Bash', pattern: callPattern('Bash', { command }).pattern },
    errorLine: 'x',
    signature: 'x',
    recovery: { tool: 'Bash', pattern: 'python -m pytest', afterWrites: false },
    text: `lesson about ${command}`,
    count,
    sessions: ['s1', 's2'],
    firstSeen: AT[0] ?? '',
    lastSeen: AT[1] ?? '',
    use: { shown: heeded + ignored, ignored, otherError: 0, heeded },
  }),
);

const arbInput = fc
  .record({
    command: fc.constantFrom(...COMMANDS),
    stored: fc.array(arbRun, { maxLength: 30 }),
    turn: fc.array(arbRun, { maxLength: 10 }),
    latest: fc.array(fc.tuple(fc.constantFrom(...COMMANDS), fc.record({ ok: fc.boolean(), line: fc.constantFrom(...ERR), wrote: fc.boolean() })), { maxLength: 4 }),
    written: fc.array(
      fc.tuple(fc.constantFrom('fix.py', 'other.py', 'tests'), fc.record({ lines: fc.integer({ min: 1, max: 200 }), words: fc.subarray(WORDS), worked: fc.boolean() })),
      { maxLength: 3 },
    ),
    gone: fc.subarray(GONE),
    known: fc.option(fc.subarray(['fix.py', 'other.py', 'notes.txt']), { nil: null }),
    lessons: fc.array(arbLesson, { maxLength: 4 }),
  })
  .map(
    (x): CallWarningInput => ({
      call: callPattern('Bash', { command: x.command }),
      input: { command: x.command },
      stored: table(x.stored),
      turn: table(x.turn),
      latest: new Map<string, LatestRun>(x.latest.map(([c, r]) => [callPattern('Bash', { command: c }).pattern, r])),
      written: new Map<string, WrittenScript>(x.written),
      gone: new Map(x.gone.map((path) => [path, `rm -r ${path}`])),
      known: x.known === null ? null : new Set(x.known),
      lessons: x.lessons,
    }),
  );

describe('callWarningRead', () => {
  it('given a script that failed three times on a missing module, when a new one the turn wrote that mentions it runs, then the read alone gives the missing-name warning', () => {
    const failed = { command: 'python fix.py', situation: 'first' as const, ok: false, line: "No module named 'psycopg2'", at: AT[0] ?? '' };
    const w: CallWarningInput = {
      call: callPattern('Bash', { command: 'python fix.py' }),
      input: { command: 'python fix.py' },
      stored: table([failed, failed, failed]),
      turn: EMPTY_OUTCOMES,
      latest: new Map(),
      written: new Map<string, WrittenScript>([['fix.py', { lines: 5, words: ['django', 'psycopg2'], worked: false }], ['other.py', { lines: 3, words: ['requests'], worked: true }]]),
      lessons: [],
    };
    const read = callWarningRead(w);
    expect(callWarning(w)?.kind).toBe('missing');
    expect(callWarning(callWarningInputOf(JSON.parse(JSON.stringify(read)) as typeof read, w.call, w.input))).toEqual(callWarning(w));
    // Only what bears on the name: its key, and the call's own script with that name alone.
    expect(read.stored.map(([key]) => key)).toContain('m:psycopg2');
    expect(read.written).toEqual([['fix.py', { lines: 5, words: ['psycopg2'], worked: false }]]);
  });

  it('gives the warning the whole input gives, from only the call\'s own keys, pattern and lessons', () => {
    let warned = 0;
    fc.assert(
      fc.property(arbInput, (w) => {
        const read = callWarningRead(w);
        const whole = callWarning(w);
        if (whole !== null) warned++;
        expect(callWarning(callWarningInputOf(JSON.parse(JSON.stringify(read)) as typeof read, w.call, w.input))).toEqual(whole);
        const own = new Set(runKeys(outcomeKeys(w.call, w.input, 'first')).map((k) => k.replace(/^s:first:/, 's:')));
        for (const [key] of [...read.stored, ...read.turn]) expect(key === ALL_CALLS_KEY || key.startsWith('s:') || key.startsWith('n:') || key.startsWith(MISSING_PREFIX) || own.has(key)).toBe(true);
        // At most the call's seven own keys, and one `m:` key per name it reaches for.
        expect(read.stored.filter(([key]) => !key.startsWith(MISSING_PREFIX)).length).toBeLessThanOrEqual(7);
        expect(read.stored.filter(([key]) => key.startsWith(MISSING_PREFIX)).length).toBeLessThanOrEqual(new Set(namesReachedFor(w.call, w.input, w.written ?? new Map())).size);
        expect(read.latest.every(([p]) => p === w.call.pattern)).toBe(true);
        expect(read.lessons.every((l) => l.failed.pattern === w.call.pattern)).toBe(true);
        // Only the removed paths the call names (or the folders they are in).
        const command = (w.input as { command: string }).command;
        expect((read.gone ?? []).every(([path]) => command.includes(path))).toBe(true);
        expect((read.known ?? []).every((name) => command.includes(name))).toBe(true);
      }),
      { numRuns: 300 },
    );
    // Not vacuous: the records drawn make the call warned about often.
    // (About 20-30 of the 300 draws warn; 17 in one clean-clone run: the bound only says "some".)
    expect(warned).toBeGreaterThan(5);
  });
});
