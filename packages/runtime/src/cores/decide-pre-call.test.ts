/**
 * Given/when/then fixtures of the decision before a call (`decidePreCall`). Each exists because
 * the session used to make it itself against the live stores and files, so replay could not
 * prove it: now it is a pure function of the recorded read (`cortex.precall.read`) and the turn as
 * the log holds it, and these pin what it decides in the cases users meet (a never rule, a call
 * lesson, a retry, the breaker's warning first, advice leaving out what was shown and the
 * detectors' sentences, meaning scores fused). The property: the same read gives the same answer,
 * and a read of nothing shows nothing.
 */
import { ACC_RULES } from '@engram/acc';
import type { MemorySnapshot } from '@engram/cortex/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidePreCall, type PreCallRead, type PreCallTurn } from './decide-pre-call.js';

type Entry = MemorySnapshot['global']['rules'][number];

const entry = (id: string, text: string, kind: Entry['kind']): Entry =>
  ({ id, text, kind, scope: 'project', confidence: 'high', topic: null, source: 'user', section: kind === 'lesson' ? null : kind, updatedAt: '2026-11-22T03:15:00.000Z' });

const memory = (rules: readonly Entry[], lessons: readonly Entry[] = []): MemorySnapshot =>
  ({ global: { rules: [], lessons: [], identities: [] }, project: { rules, lessons, identities: [] } });

const READ: PreCallRead = { toolUseId: 't1', memory: null, recipes: [], callWarning: null, meaning: null };
const NO_CALLS: NonNullable<PreCallRead['callWarning']> = { stored: [], turn: [], latest: [], written: [], lessons: [] };

const turn = (over: Partial<PreCallTurn> = {}): PreCallTurn => ({
  name: 'Bash',
  input: { command: 'python migrate.py --db prod' },
  breakerWarned: false,
  message: 'Migrate the prod database',
  errors: [],
  shown: new Set(),
  memory: null,
  nowMs: Date.parse('2026-11-23T00:00:00.000Z'),
  ...over,
});

const NEVER = entry('n1', 'Never run migrate.py against the prod database', 'never');

describe('decidePreCall: what is shown before a call, from its recorded read', () => {
  it('given a stored never rule the call breaks, when the breaker allowed it, then it warns with the rule (never-rule:<id>) and ranks the rule as advice', () => {
    const d = decidePreCall(READ, turn({ memory: memory([NEVER]) }));
    expect(d.warning).toMatchObject({ signature: 'never-rule:n1', failures: 0, lessonId: null });
    expect(d.warning?.explanation).toContain('"Never run migrate.py against the prod database"');
    expect(d.advice.injection).toMatchObject({ target: 'pre-call', tool: 'Bash', items: [{ id: 'n1', kind: 'rule' }] });
    expect(d.advice.text).toContain('Never run migrate.py against the prod database');
  });

  it('given the breaker warned already, then nothing more is said (the advice is still given)', () => {
    const d = decidePreCall({ ...READ, callWarning: NO_CALLS }, turn({ memory: memory([NEVER]), breakerWarned: true }));
    expect(d.warning).toBeNull();
    expect(d.advice.injection.items.map((i) => i.id)).toEqual(['n1']);
  });

  it('given an unchanged retry of a call that failed this turn, then it warns with the turn\'s error line (call-retry:<pattern>, one failure)', () => {
    const failed = { runs: 1, fails: 1, line: 'sh: 1: tsc: not found', at: '2026-11-23T00:00:00.000Z' };
    const read: PreCallRead = {
      ...READ,
      callWarning: { ...NO_CALLS, turn: [['*', failed], ['p:Bash npm', failed], ['c:Bash npm run', failed]], latest: [['npm run', { ok: false, line: 'sh: 1: tsc: not found', wrote: false }]] },
    };
    const d = decidePreCall(read, turn({ input: { command: 'npm run build' }, message: 'Build it' }));
    expect(d.warning).toMatchObject({ signature: 'call-retry:npm run', failures: 1, lessonId: null });
    expect(d.warning?.explanation).toContain('tsc: not found');
  });

  it('given a call lesson of the call\'s pattern and a record that fails, then it says the lesson (call-lesson:<id>) and names it for its record of use', () => {
    const bad = { runs: 4, fails: 4, line: 'No module named pytest', at: '2026-11-22T00:00:00.000Z' };
    const lesson = {
      lessonId: 'L1',
      failed: { tool: 'Bash', pattern: 'pytest' },
      errorLine: 'No module named pytest',
      signature: 'sig',
      recovery: { tool: 'Bash', pattern: 'python -m pytest', afterWrites: false },
      text: '`pytest` fails here (No module named pytest); `python -m pytest` worked.',
      count: 2,
      sessions: ['s1', 's2'],
      firstSeen: '2026-11-20T00:00:00.000Z',
      lastSeen: '2026-11-21T00:00:00.000Z',
      use: { shown: 0, ignored: 0, otherError: 0, heeded: 0 },
    };
    const read: PreCallRead = { ...READ, callWarning: { ...NO_CALLS, stored: [['*', bad], ['p:Bash pytest', bad], ['c:Bash pytest', bad]], lessons: [lesson] } };
    const d = decidePreCall(read, turn({ input: { command: 'pytest' }, message: 'Run the tests' }));
    expect(d.warning).toMatchObject({ signature: 'call-lesson:L1', failures: 0, lessonId: 'L1' });
    expect(d.warning?.explanation).toContain('`python -m pytest` worked');
  });

  it('given what was shown this turn and a detector\'s fixed sentence in memory, then neither is advised again', () => {
    const generic = entry('g1', Object.values(ACC_RULES)[0]?.rule ?? '', 'always');
    const d = decidePreCall(READ, turn({ memory: memory([NEVER, generic]), shown: new Set(['n1']) }));
    expect(d.advice.injection.items).toEqual([]);
    expect(d.advice.text).toBe('');
  });

  it('given a matching recipe and meaning scores, then the recipe competes for the budget and the scores choose nothing the words left out', () => {
    const lesson = entry('l1', 'python migrate.py on the prod database needs the --backup flag', 'lesson');
    const recipe = { id: 'r1', text: 'python migrate.py failed on prod; then python migrate.py --backup worked', confidence: 0.8, seenAt: Date.parse('2026-11-22T00:00:00.000Z'), tools: ['Bash'] };
    const words = decidePreCall({ ...READ, recipes: [recipe] }, turn({ memory: memory([NEVER], [lesson]) }));
    expect(new Set(words.advice.injection.items.map((i) => i.id))).toEqual(new Set(['n1', 'l1', 'r1']));
    const meaning = decidePreCall({ ...READ, recipes: [recipe], meaning: [['n1', 0.99], ['l1', 0.01], ['r1', 0.5]] }, turn({ memory: memory([NEVER], [lesson]) }));
    expect(new Set(meaning.advice.injection.items.map((i) => i.id))).toEqual(new Set(['n1', 'l1', 'r1']));
    // Which items may be shown is still decided by their words: the scores reach only their order.
    expect(meaning.advice.injection.items.map((i) => i.text).sort()).toEqual(words.advice.injection.items.map((i) => i.text).sort());
  });

  const arbText = fc.constantFrom('Never run migrate.py against the prod database', 'Always read payroll files as cp037', 'Never use tabs', 'Run the build with npm ci first', 'prod backup');
  const arbEntry = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), arbText, fc.constantFrom<Entry['kind']>('always', 'never', 'when', 'lesson')).map(([id, text, kind]) => entry(id, text, kind));
  const arbTurn = fc.record({
    command: fc.constantFrom('python migrate.py --db prod', 'npm run build', 'cat payroll.cbl', 'ls'),
    entries: fc.array(arbEntry, { maxLength: 5 }),
    shown: fc.subarray(['a', 'b', 'c', 'd']),
    warned: fc.boolean(),
  });

  it('is a function of its read: the same read and turn give the same answer; nothing to read shows nothing', () => {
    fc.assert(
      fc.property(arbTurn, ({ command, entries, shown, warned }) => {
        const rules = entries.filter((e) => e.kind !== 'lesson');
        const lessons = entries.filter((e) => e.kind === 'lesson');
        const t = turn({ input: { command }, memory: memory(rules, lessons), shown: new Set(shown), breakerWarned: warned });
        expect(decidePreCall(READ, t)).toEqual(decidePreCall(structuredClone(READ), { ...t, memory: structuredClone(t.memory), shown: new Set(shown) }));
        const empty = decidePreCall({ ...READ, callWarning: NO_CALLS }, { ...t, memory: null });
        expect(empty).toEqual({ warning: null, advice: { text: '', injection: { target: 'pre-call', tool: 'Bash', items: [], tokens: 0 } } });
      }),
      { numRuns: 200 },
    );
  });
});
