/**
 * Given/when/then fixtures of the memory core's write decision (`decideWrite`). Each exists because
 * the `Cortex` effect used to make that decision itself against the live stores, so replay could
 * not prove it: now the decision is a pure function of the recorded read, and these pin what it
 * decides for the cases users meet (a correction, a contradiction won and one lost, a slot rival,
 * no kind, a detector's lesson never judged, a model judge's recorded verdicts).
 */
import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { decideWrite, type CandidatesRead } from './decide-write.js';
import { plannedContradictions, plannedRetirements } from './plan-events.js';

const entry = (id: string, text: string, kind: MemoryEntry['kind'], trust?: MemoryEntry['trust']): CandidatesRead['candidates'][number]['entry'] => ({
  id,
  text,
  kind,
  scope: 'project',
  confidence: 'high',
  topic: null,
  source: 'user',
  section: kind === 'lesson' ? null : kind,
  updatedAt: '2026-11-22T03:15:00.000Z',
  ...(trust === undefined ? {} : { trust }),
});

const HEURISTIC = { sameSubjectJaccard: 1, maxSubjectWords: 8, maxJudged: 12 };

/** A read: a write of `text` (kind `never` by the model unless said) against the given candidates of the project scope. */
const read = (over: Partial<CandidatesRead>, candidates: CandidatesRead['candidates'] = []): CandidatesRead => ({
  proposalId: 'p1',
  engram: { text: 'Never use tabs', kind: 'never', scope: 'project', confidence: 'high', topic: null, source: 'llm' },
  origin: 'memorize',
  trust: 'model',
  hasProject: true,
  rivals: [],
  corrects: [],
  note: '',
  contradictions: HEURISTIC,
  judged: null,
  candidates,
  ...over,
});

const tabs = { scope: 'project' as const, list: 'rules' as const, entry: entry('e-tabs', 'Always use tabs', 'always', 'model') };

describe('decideWrite (given a recorded read, when a write is proposed, then the plan)', () => {
  it('given an equal-trust rule it contradicts, the write is stored and retires it (heuristic judge)', () => {
    const plan = decideWrite(read({}, [tabs]));
    expect(plan.action).toBe('store');
    expect(plannedContradictions('p1', plan, '')).toMatchObject([{ entryId: 'e-tabs', judge: 'heuristic', verdict: 'supersede', pendingId: null }]);
    expect(plannedRetirements('p1', plan, '', 'e-new')).toMatchObject([{ entryId: 'e-tabs', reason: 'contradiction', supersededBy: 'e-new', proposalId: 'p1' }]);
  });

  it('given the contradicted rule is the user\'s, the model\'s write waits for the user with it (queued, pending verdict)', () => {
    const plan = decideWrite(read({}, [{ ...tabs, entry: entry('e-tabs', 'Always use tabs', 'always', 'user') }]));
    expect(plan.action).toBe('queue');
    expect(plannedContradictions('p1', plan, '')).toMatchObject([{ entryId: 'e-tabs', verdict: 'pending', pendingId: 'p-p1' }]);
    expect(plannedRetirements('p1', plan, '', null)).toEqual([]);
  });

  it('given a correction naming an entry by id, the entry is retired with the note, in whichever scope it lives', () => {
    const global = { scope: 'global' as const, list: 'lessons' as const, entry: { ...entry('e-old', 'The API limit is 50', 'lesson'), scope: 'global' as const } };
    const plan = decideWrite(read({ engram: { text: 'The API limit is 100', kind: 'lesson', scope: 'project', confidence: 'high', topic: null, source: 'llm' }, corrects: ['e-old'], note: 'corrected by the model' }, [global]));
    expect(plannedRetirements('p1', plan, 'corrected by the model', 'e-new')).toEqual([{ entryId: 'e-old', scope: 'global', text: 'The API limit is 50', supersededBy: 'e-new', proposalId: 'p1', reason: 'correction', note: 'corrected by the model' }]);
    expect(plannedContradictions('p1', plan, 'corrected by the model')).toEqual([]);
  });

  it("given an ACC lesson's slot rival stored in its scope, the rival is superseded (and never the new text itself)", () => {
    const rival = { scope: 'project' as const, list: 'rules' as const, entry: entry('e-rival', 'Never kill the pad more than twice', 'never', 'detector') };
    const same = { scope: 'project' as const, list: 'rules' as const, entry: entry('e-same', 'Never kill the pad', 'never', 'detector') };
    const plan = decideWrite(read({ engram: { text: 'Never kill the pad', kind: 'never', scope: 'project', confidence: 'high', topic: null, source: 'consolidation' }, origin: 'acc', trust: 'detector', rivals: ['Never kill the pad more than twice', 'Never kill the pad'], contradictions: null }, [rival, same]));
    expect(plannedRetirements('p1', plan, '', 'e-new')).toMatchObject([{ entryId: 'e-rival', reason: 'slot-rival', supersededBy: null }]);
  });

  it("given a detector's lesson, nothing is judged for contradictions (its variants replace each other by slot)", () => {
    const plan = decideWrite(read({ origin: 'acc', trust: 'detector' }, [tabs]));
    expect(plan).toMatchObject({ action: 'store', targets: [], rivals: [] });
  });

  it('given a proposal with no kind, it is refused', () => {
    expect(decideWrite(read({ engram: { text: 'x', kind: null, scope: null, confidence: null, topic: null, source: null } }))).toMatchObject({ action: 'refuse' });
  });

  it("given a model judge's recorded verdicts, they decide (not the heuristic), and only for entries of the pool", () => {
    const other = { scope: 'project' as const, list: 'rules' as const, entry: entry('e-fri', 'Deploy on Fridays', 'always', 'model') };
    const plan = decideWrite(read({ engram: { text: 'Deploys are forbidden at the end of the week', kind: 'never', scope: 'project', confidence: 'high', topic: null, source: 'llm' }, judged: [{ entryId: 'e-fri', reason: 'Fridays allowed vs forbidden' }, { entryId: 'e-unknown', reason: 'x' }] }, [tabs, other]));
    expect(plannedContradictions('p1', plan, '')).toEqual([{ proposalId: 'p1', entryId: 'e-fri', scope: 'project', judge: 'llm', verdict: 'supersede', pendingId: null, reason: 'Fridays allowed vs forbidden' }]);
  });

  it('given no project store, a project-scoped write is routed to the global scope', () => {
    expect(decideWrite(read({ hasProject: false })).scope).toBe('global');
  });
});
