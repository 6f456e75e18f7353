import { subjectMatcher, textMentions, valueMentions } from '@engram/kernel';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDb } from './effects/open-postgres.js';
import { subjectPattern, MAX_PATTERN_UNITS } from './subject-pattern.js';
import { startTestPostgres } from './testing/effects/start-test-postgres.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

/** The server's verdict: does `~` with the subject's pattern find the text? */
const serverFinds = async (db: PostgresDb, text: string, subject: string): Promise<boolean> =>
  (await db.pool.query<{ hit: boolean }>('SELECT $1::text ~ $2 AS hit', [text, subjectPattern(subjectMatcher(subject))])).rows[0]?.hit === true;

/** Characters where the server and the kernel could part: cases beyond ASCII, JSON escapes, every kind of whitespace. */
const TRICKY = ['a', 'B', 's', 'S', 'ſ', 'k', 'K', '\u212a', 'é', 'É', 'ß', 'ẞ', 'σ', 'Σ', 'ς', 'İ', 'ı', 'i', 'Ω', 'ω', '\u2126', '"', '\\', '/', '\u0001', '\u001f', '\b', '.', '*', '(', '[', ']', '^', '-', '$', '|', '{', '😀', '\ud800', '0', '_'];
const SPACES = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'];

const word = fc.array(fc.constantFrom(...TRICKY), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));
const subject = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')).filter((s) => s.replace(/\s+/g, ' ').trim().length >= 3);
/** What the kernel's matcher takes for `c` among its cases and the tricky characters (`ſ` for `s`, not `i̇` for `İ`). */
const spellings = (c: string): string[] => {
  const same = new RegExp(`^${c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'iu');
  return [...new Set([c, c.toUpperCase(), c.toLowerCase(), ...TRICKY])].filter((x) => same.test(x));
};
/** The subject as a text might hold it: each character in any spelling the kernel accepts, each gap any whitespace run. */
const spelled = (s: string) =>
  fc.tuple(
    fc.array(fc.nat(), { minLength: s.length, maxLength: s.length }),
    fc.array(fc.array(fc.constantFrom(...SPACES), { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
  ).map(([picks, gaps]) =>
    s
      .split(' ')
      .map((w) =>
        [...w]
          .map((c, i) => {
            const options = spellings(c);
            return options[(picks[i] ?? 0) % options.length];
          })
          .join(''),
      )
      .map((w, i) => (i === 0 ? w : `${gaps[i - 1]!.join('')}${w}`))
      .join(''),
  );

describe.skipIf(!started.ok)(`subjectPattern on a real server${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('never misses a text the kernel says mentions the subject, written or inside a JSON document (property)', { timeout: 120_000 }, async () => {
    if (!started.ok) return;
    const db = await openPostgres({ url: started.pg.createDatabase('subject_pattern'), tenant: 'acme' });
    try {
      await fc.assert(
        fc.asyncProperty(
          subject.chain((s) => fc.tuple(fc.constant(s), spelled(s), fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))),
          async ([s, inText, before, after]) => {
            const matcher = subjectMatcher(s);
            const value = { text: `${before}${inText}${after}` };
            for (const text of [value.text, JSON.stringify(value), JSON.stringify({ [value.text]: 1 })].filter((t) => !t.includes('\0'))) {
              // Only what the kernel finds must be found; a lone surrogate cannot reach the server raw.
              if (!textMentions(matcher, text) || /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) continue;
              expect(await serverFinds(db, text, s), `${JSON.stringify(s)} in ${JSON.stringify(text)}`).toBe(true);
            }
            if (!valueMentions(matcher, value)) throw new Error(`the spelled subject ${JSON.stringify(inText)} should hold ${JSON.stringify(s)}`);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      await db.close();
    }
  });

  it('finds the cases that once escaped it, and only over-matches', async () => {
    if (!started.ok) return;
    const db = await openPostgres({ url: started.pg.createDatabase('subject_pattern_cases'), tenant: 'acme' });
    try {
      const cases: [string, string, boolean][] = [
        ['say "hi" now', JSON.stringify({ m: 'we SAY "Hi"\nnow' }), true],
        ['C:\\temp dir', JSON.stringify({ path: 'c:\\TEMP\tDIR' }), true],
        ['straße', 'STRAẞE', true],
        ['kelvin', 'KELVIN', true],
        ['mask', 'maſk', true],
        ['zorblax', JSON.stringify({ m: 'nothing here' }), false],
        ['say "hi"', JSON.stringify({ m: 'say hi' }), false],
      ];
      for (const [s, text, found] of cases) expect([s, await serverFinds(db, text, s)]).toEqual([s, found]);
      // A subject far longer than the pattern keeps: a prefix, still a filter that finds the text.
      const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
      expect(subjectPattern(subjectMatcher(long)).split('(?:[').length - 1).toBeLessThanOrEqual(MAX_PATTERN_UNITS);
      expect(await serverFinds(db, JSON.stringify({ m: long.toUpperCase() }), long)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
