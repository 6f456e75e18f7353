import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams } from './basal-ganglia-params.js';
import type { Instinct } from './instinct.js';
import type { PatternScore } from './pattern-score.js';
import { planInstincts } from './plan-instincts.js';
import { DAY_MS } from './recency.js';

const params = defaultBasalGangliaParams;
const NOW = 100 * DAY_MS;

const score = (id: string, confidence: number, extra: Partial<PatternScore> = {}): PatternScore => ({
  id,
  kind: 'chain',
  tools: id.split('>'),
  observations: 10,
  selfConfirmed: 0,
  sessions: 3,
  sessionsInWindow: 3,
  firstSeen: NOW - DAY_MS,
  lastSeen: NOW,
  frequency: confidence,
  consistency: 1,
  recency: 1,
  confidence,
  helped: null,
  ...extra,
});

const plan = (scores: PatternScore[], existing: Instinct[] = [], promote = false) => planInstincts({ scores, existing, now: NOW, params, track: true, promote });

describe('planInstincts', () => {
  it('tracks patterns at or above the tracking threshold and ignores weaker ones', () => {
    const p = plan([score('A>B>C', 0.6), score('B>C>D', 0.4)]);
    expect(p.active.map((i) => i.id)).toEqual(['A>B>C']);
  });

  it('promotes only with confidence, observations and sessions all met', () => {
    const p = plan([score('A>B>C', 0.95), score('B>C>D', 0.95, { observations: 4 }), score('C>D>E', 0.95, { sessions: 1 })], [], true);
    expect(p.promoted).toEqual(['A>B>C']);
    expect(p.active.find((i) => i.id === 'A>B>C')?.status).toBe('promoted');
  });

  it('never promotes a pattern of one tool over and over, however strong (issue 24)', () => {
    const p = plan([score('Bash>Bash>Bash', 0.99), score('Grep>Read>Edit', 0.99), score('Bash>Bash', 0.99, { kind: 'recovery' }), score('Read>Grep', 0.99, { kind: 'recovery' })], [], true);
    expect(p.promoted.sort()).toEqual(['Grep>Read>Edit', 'Read>Grep']);
    expect(p.active.map((i) => i.id).sort()).toEqual(['Bash>Bash', 'Bash>Bash>Bash', 'Grep>Read>Edit', 'Read>Grep']);
  });

  // Why (issue 24 item 5): a promoted habit must have helped, or it decays.
  it('given a promoted habit whose sessions failed no less than the others, when re-planned, then it is tracked again, not promoted, and not promoted back', () => {
    const [promoted] = plan([score('Grep>Read>Edit', 0.95)], [], true).active;
    expect(promoted?.status).toBe('promoted');
    const after = plan([score('Grep>Read>Edit', 0.95 * params.unhelpfulFactor, { helped: false })], promoted === undefined ? [] : [promoted], true);
    expect(after.active[0]).toMatchObject({ id: 'Grep>Read>Edit', status: 'active', promotedAt: null });
    expect(after.promoted).toEqual([]);
    const helped = plan([score('Grep>Read>Edit', 0.95, { helped: true })], promoted === undefined ? [] : [promoted], true);
    expect(helped.active[0]?.status).toBe('promoted');
  });

  it('reports promotable instincts without promoting when promotion is off', () => {
    const p = plan([score('A>B>C', 0.95)]);
    expect(p).toMatchObject({ promoted: [], promotable: ['A>B>C'] });
  });

  it('decays an instinct with no fresh evidence from its last numbers, once, and archives it below the threshold', () => {
    const first = plan([score('A>B>C', 0.9, { lastSeen: NOW - 14 * DAY_MS })]).active;
    expect(first[0]?.confidence).toBeCloseTo(0.9, 6);
    const later = plan([], first);
    expect(later.active).toEqual([]);
    expect(later.archived[0]).toMatchObject({ id: 'A>B>C', status: 'archived', archiveReason: 'decayed' });
    expect(later.archived[0]?.confidence).toBeCloseTo(0.225, 6);
  });

  it('archives an instinct not seen for longer than the archive age', () => {
    const [i] = plan([score('A>B>C', 0.9)]).active;
    if (i === undefined) throw new Error('no instinct');
    const stale = { ...i, lastSeen: new Date(NOW - 31 * DAY_MS).toISOString(), frequency: 1, consistency: 1 };
    expect(planInstincts({ scores: [], existing: [stale], now: NOW, params: { ...params, halfLifeDays: 1000 }, track: true, promote: false }).archived[0]?.archiveReason).toBe('stale');
  });

  it('keeps at most maxActive instincts, archiving the weakest', () => {
    const scores = Array.from({ length: 35 }, (_, k) => score(`T${String(k).padStart(2, '0')}>B>C`, 0.5 + k / 100));
    const p = plan(scores);
    expect(p.active).toHaveLength(30);
    expect(p.archived.map((i) => i.archiveReason)).toEqual(Array(5).fill('capacity'));
    expect(p.archived.map((i) => i.id)).toContain('T00>B>C');
  });

  it('keeps a promoted instinct promoted while it is re-scored', () => {
    const [i] = plan([score('A>B>C', 0.95)], [], true).active;
    if (i === undefined) throw new Error('no instinct');
    expect(plan([score('A>B>C', 0.6)], [i]).active[0]).toMatchObject({ status: 'promoted', confidence: 0.6 });
  });
});
