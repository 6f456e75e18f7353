import type { AnyEnvelope } from '@engram/events';
import { analyzeInstincts, defaultBasalGangliaParams, DAY_MS, patternId, type Instinct } from '@engram/basal-ganglia';
import { describe, expect, it } from 'vitest';
import { repeat, toolSession } from './tool-session.js';

/**
 * Seed 003's worked example (sessions 1 to 7), with the timestamps the seed leaves out: one
 * session every two days from day 0, and the analysis half a day after the last session (the
 * next morning). See docs/basal-ganglia.md for why this reading.
 */
const DAY0 = Date.parse('2026-03-01T09:00:00.000Z');
const BRE = ['Bash', 'Read', 'Edit'];
const GRE = ['Grep', 'Read', 'Edit'];
const sessions: string[][] = [
  repeat(BRE, 3),
  repeat(BRE, 5),
  repeat(BRE, 4),
  [...repeat(GRE, 6), ...repeat(BRE, 2)],
  repeat(GRE, 8),
  repeat(GRE, 7),
  repeat(GRE, 9),
];
const startOf = (n: number): number => DAY0 + (n - 1) * 2 * DAY_MS;
const eventsUpTo = (n: number): AnyEnvelope[] =>
  sessions.slice(0, n).flatMap((calls, i) => toolSession(calls, { sessionId: `202603${String(i * 2 + 1).padStart(2, '0')}_090000_000${i + 1}`, start: startOf(i + 1) }));
const analysisAfter = (n: number): number => startOf(n) + DAY_MS / 2;

const bre = patternId('chain', BRE);
const gre = patternId('chain', GRE);

describe("seed 003's worked example", () => {
  it('after session 4: Bash->Read->Edit is tracked at 78% but not promoted; Grep->Read->Edit is too weak to consider', () => {
    const { scores, plan } = analyzeInstincts({ events: eventsUpTo(4), existing: [], now: analysisAfter(4), params: defaultBasalGangliaParams, promote: true });
    const b = scores.find((s) => s.id === bre);
    const g = scores.find((s) => s.id === gre);
    expect(b).toMatchObject({ observations: 14, sessions: 4, sessionsInWindow: 4 });
    expect(b?.frequency).toBeCloseTo(0.82, 2);
    expect(b?.consistency).toBe(1);
    expect(b?.recency).toBeCloseTo(0.95, 2);
    expect(b?.confidence).toBeCloseTo(0.78, 2);
    expect(g).toMatchObject({ observations: 6, sessions: 1 });
    expect(g?.frequency).toBeCloseTo(0.35, 2);
    expect(g?.consistency).toBe(0.25);
    const tracked = plan.active.find((i) => i.id === bre);
    expect(tracked?.status).toBe('active');
    expect(plan.promoted).toEqual([]);
    expect(plan.active.some((i) => i.id === gre)).toBe(false);
  });

  it('after session 7: sessions 1-3 left the window and Grep->Read->Edit is promoted at 95% with 30 observations', () => {
    const after4 = analyzeInstincts({ events: eventsUpTo(4), existing: [], now: analysisAfter(4), params: defaultBasalGangliaParams, promote: true });
    const existing: Instinct[] = after4.plan.active;
    const { scores, plan } = analyzeInstincts({ events: eventsUpTo(7), existing, now: analysisAfter(7), params: defaultBasalGangliaParams, promote: true });
    const g = scores.find((s) => s.id === gre);
    expect(g).toMatchObject({ observations: 30, sessions: 4, sessionsInWindow: 4, frequency: 1, consistency: 1 });
    expect(g?.confidence).toBeCloseTo(0.95, 2);
    expect(plan.promoted).toEqual([gre]);
    const promoted = plan.active.find((i) => i.id === gre);
    expect(promoted).toMatchObject({ status: 'promoted', observations: 30 });
    // Bash->Read->Edit keeps only session 4's two chains: still scored, far from promotion.
    expect(scores.find((s) => s.id === bre)).toMatchObject({ observations: 2, sessions: 1 });
    expect(plan.active.find((i) => i.id === bre)?.status).not.toBe('promoted');
  });
});
