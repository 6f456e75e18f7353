import type { Instinct, InstinctPlan, PatternScore } from '@engram/basal-ganglia';
import type { InstinctRun, StoredInstinctList } from './brain-instincts.js';

/** A pattern score as JSON: times as ISO strings, factors rounded for reading (4 decimals). */
const scoreJson = (s: PatternScore) => ({
  ...s,
  firstSeen: new Date(s.firstSeen).toISOString(),
  lastSeen: new Date(s.lastSeen).toISOString(),
  frequency: round(s.frequency),
  consistency: round(s.consistency),
  recency: round(s.recency),
  confidence: round(s.confidence),
});

/** An instinct as JSON, confidence rounded like scores. */
const instinctJson = (i: Instinct) => ({ ...i, confidence: round(i.confidence), frequency: round(i.frequency), consistency: round(i.consistency) });

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** One line of text output for an instinct. */
const instinctLine = (i: Instinct): string =>
  `${String(Math.round(i.confidence * 100)).padStart(3)}%  ${String(i.observations).padStart(4)}x  ${i.sessions}/${i.sessionsInWindow} sessions  ${i.status.padEnd(8)}  ${i.id}`;

const planText = (plan: InstinctPlan): string[] => [
  ...plan.active.map(instinctLine),
  ...plan.promoted.map((id) => `promoted: ${id}`),
  ...plan.promotable.map((id) => `promotable (run \`engram instincts promote\`): ${id}`),
  ...plan.archived.map((i) => `archived (${i.archiveReason ?? '?'}): ${i.id}`),
];

/**
 * What `engram instincts ...` prints, from what `brain.instincts` returns: `json` is one JSON
 * object (times as ISO strings, factors rounded to 4 decimals), `text` is for a person. Pure.
 */
export const instinctText = {
  /** `analyze`, `promote`, `archive`: the run and its plan. */
  run: (command: string, r: InstinctRun, json: boolean): string => {
    const { plan } = r;
    if (json)
      return `${JSON.stringify({ command, now: new Date(r.now).toISOString(), instinctsDir: r.instinctsDir, rulesFile: r.rulesFile, logs: r.logs, observations: r.observations, patterns: r.scores.map(scoreJson), active: plan.active.map(instinctJson), archived: plan.archived.map(instinctJson), promoted: plan.promoted, promotable: plan.promotable, problems: r.problems })}\n`;
    const lines = planText(plan);
    return `${r.observations} tool calls in ${r.logs.length} logs; ${plan.active.length} instincts tracked in ${r.instinctsDir}\n${lines.length > 0 ? `${lines.join('\n')}\n` : ''}`;
  },
  /** `list`: strongest first. */
  list: ({ instinctsDir, instincts }: Pick<StoredInstinctList, 'instinctsDir' | 'instincts'>, json: boolean): string =>
    json ? `${JSON.stringify({ instinctsDir, instincts: instincts.map(instinctJson) })}\n` : instincts.length === 0 ? `no instincts in ${instinctsDir}\n` : `${instincts.map(instinctLine).join('\n')}\n`,
  /** `show ID`: one instinct with its factors and its file. */
  show: (i: Instinct, file: string, json: boolean): string =>
    json
      ? `${JSON.stringify({ file, instinct: instinctJson(i) })}\n`
      : [
          instinctLine(i),
          i.description,
          `frequency ${i.frequency.toFixed(2)} x consistency ${i.consistency.toFixed(2)} (x recency) = ${i.confidence.toFixed(2)}`,
          `first seen ${i.firstSeen}, last seen ${i.lastSeen}`,
          `not counted (seen while its own rule was injected): ${i.selfConfirmed}`,
          `file: ${file}`,
          '',
        ].join('\n'),
};
