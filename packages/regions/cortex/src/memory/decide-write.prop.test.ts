import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideWrite, type CandidatesRead } from './decide-write.js';
import { plannedContradictions, plannedRetirements } from './plan-events.js';

const words = ['use', 'tabs', 'spaces', 'pnpm', 'deploy', 'fridays', 'retry', 'the', 'api'];
const textArb = fc
  .tuple(fc.constantFrom('Always', 'Never', 'Do not', ''), fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }))
  .map(([lead, ws]) => `${lead} ${ws.join(' ')}`.trim());
const kindArb = fc.constantFrom('always', 'never', 'when', 'lesson', 'profile', null);
const trustArb = fc.constantFrom('user', 'detector', 'model', 'quoted');
const scopeArb = fc.constantFrom('global', 'project');

const candidateArb = fc.record({
  scope: scopeArb,
  list: fc.constantFrom('rules', 'lessons', 'identities'),
  entry: fc.record({
    id: fc.string({ unit: fc.constantFrom(...'abcdef0123'.split('')), minLength: 2, maxLength: 4 }),
    text: textArb,
    kind: kindArb,
    scope: scopeArb,
    confidence: fc.constant('high' as const),
    topic: fc.constant(null),
    source: fc.constant('user' as const),
    section: fc.constant(null),
    updatedAt: fc.constant(null),
    trust: trustArb,
  }),
});

const readArb: fc.Arbitrary<CandidatesRead> = fc
  .record({
    text: textArb,
    kind: kindArb,
    scope: fc.option(scopeArb, { nil: null }),
    origin: fc.constantFrom('memorize', 'acc', 'cerebellum', 'consolidation', 'basal-ganglia', 'user'),
    trust: trustArb,
    hasProject: fc.boolean(),
    // A store's ids are unique within a scope.
    candidates: fc.uniqueArray(candidateArb, { maxLength: 12, selector: (c) => `${c.scope}:${c.entry.id}` }),
    rivalPicks: fc.array(fc.nat(11), { maxLength: 3 }),
    correctPicks: fc.array(fc.nat(11), { maxLength: 3 }),
    checks: fc.boolean(),
    judge: fc.option(fc.array(fc.record({ pick: fc.nat(11), reason: fc.constant('judged') }), { maxLength: 3 }), { nil: null }),
  })
  .map((r): CandidatesRead => {
    const at = (i: number) => r.candidates[i % Math.max(1, r.candidates.length)]?.entry;
    return {
      proposalId: 'p1',
      engram: { text: r.text, kind: r.kind, scope: r.scope, confidence: 'high', topic: null, source: 'llm' },
      origin: r.origin,
      trust: r.trust,
      hasProject: r.hasProject,
      rivals: r.rivalPicks.flatMap((i) => (at(i) === undefined ? [] : [at(i)?.text ?? ''])),
      corrects: r.correctPicks.flatMap((i) => (at(i) === undefined ? [] : [at(i)?.id ?? ''])),
      note: '',
      contradictions: r.checks ? { sameSubjectJaccard: 1, maxSubjectWords: 8, maxJudged: 12 } : null,
      judged: r.judge === null ? null : r.judge.flatMap((j) => (at(j.pick) === undefined ? [] : [{ entryId: at(j.pick)?.id ?? '', reason: j.reason }])),
      candidates: r.candidates,
    };
  });

describe('decideWrite properties', () => {
  it('is deterministic: the same read gives the same plan', () => {
    fc.assert(
      fc.property(readArb, (r) => {
        expect(decideWrite(structuredClone(r))).toEqual(decideWrite(r));
      }),
      { numRuns: 300 },
    );
  });

  it('retires and contradicts only entries of the read, never the write itself, each at most once', () => {
    fc.assert(
      fc.property(readArb, (r) => {
        const plan = decideWrite(r);
        const ids = new Set(r.candidates.map((c) => c.entry.id));
        const retired = plannedRetirements(r.proposalId, plan, r.note, 'new-id');
        const contradicted = plannedContradictions(r.proposalId, plan, r.note);
        for (const x of [...retired, ...contradicted]) expect(ids.has(x.entryId)).toBe(true);
        for (const x of retired) expect(x.text === r.engram.text && x.reason === 'slot-rival').toBe(false);
        expect(retired.every((x) => x.entryId !== 'new-id')).toBe(true);
        const keys = retired.map((x) => `${x.scope}:${x.entryId}:${x.reason}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });

  it('never retires an entry of a more trusted writer: such a write waits for the user instead', () => {
    const rank = { quoted: 0, model: 1, detector: 2, user: 3 } as const;
    fc.assert(
      fc.property(readArb, (r) => {
        const plan = decideWrite(r);
        if (plan.action !== 'store') return;
        for (const t of plan.targets) expect(rank[t.entry.trust ?? 'model']).toBeLessThanOrEqual(rank[r.trust]);
      }),
      { numRuns: 300 },
    );
  });
});
