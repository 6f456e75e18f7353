import type { Instinct, PatternScore } from '@engram/basal-ganglia';

/** A pattern score as JSON: times as ISO strings, factors rounded for reading (4 decimals). */
export const scoreJson = (s: PatternScore) => ({
  ...s,
  firstSeen: new Date(s.firstSeen).toISOString(),
  lastSeen: new Date(s.lastSeen).toISOString(),
  frequency: round(s.frequency),
  consistency: round(s.consistency),
  recency: round(s.recency),
  confidence: round(s.confidence),
});

/** An instinct as JSON, confidence rounded like scores. */
export const instinctJson = (i: Instinct) => ({ ...i, confidence: round(i.confidence), frequency: round(i.frequency), consistency: round(i.consistency) });

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** One line of text output for an instinct. */
export const instinctLine = (i: Instinct): string =>
  `${String(Math.round(i.confidence * 100)).padStart(3)}%  ${String(i.observations).padStart(4)}x  ${i.sessions}/${i.sessionsInWindow} sessions  ${i.status.padEnd(8)}  ${i.id}`;
