/** One stage's counters in stats.json (anton.md §10.3). */
export interface StageStats {
  readonly recommended: number;
  readonly used: number;
  readonly last_used: string;
  readonly confidence: number;
}

export type SkillStage = 1 | 2 | 3;

export interface SkillStats {
  readonly total_recalls: number;
  readonly stage_1: StageStats;
  readonly stage_2: StageStats;
  readonly stage_3: StageStats;
  /** Keys engram does not know, kept as they were. */
  readonly other: Readonly<Record<string, unknown>>;
}

const ZERO_STAGE: StageStats = { recommended: 0, used: 0, last_used: '', confidence: 0 };
export const ZERO_STATS: SkillStats = { total_recalls: 0, stage_1: ZERO_STAGE, stage_2: ZERO_STAGE, stage_3: ZERO_STAGE, other: {} };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

const stageOf = (v: unknown): StageStats =>
  isRecord(v)
    ? {
        recommended: count(v.recommended),
        used: count(v.used),
        last_used: typeof v.last_used === 'string' ? v.last_used : '',
        confidence: typeof v.confidence === 'number' && Number.isFinite(v.confidence) ? v.confidence : 0,
      }
    : ZERO_STAGE;

/** Reads stats.json; anything malformed reads as zeroes, as Anton (§10.3). */
export const parseSkillStats = (text: string): SkillStats => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ZERO_STATS;
  }
  if (!isRecord(value)) return ZERO_STATS;
  const { total_recalls, stage_1, stage_2, stage_3, ...other } = value;
  return { total_recalls: count(total_recalls), stage_1: stageOf(stage_1), stage_2: stageOf(stage_2), stage_3: stageOf(stage_3), other };
};

/** Python's `json.dumps(indent=2)` + newline, as Anton writes it (floats keep their `.0`). */
export const renderSkillStats = (stats: SkillStats): string => {
  const stage = (s: StageStats) => ({ recommended: s.recommended, used: s.used, last_used: s.last_used, confidence: s.confidence });
  const json = JSON.stringify({ total_recalls: stats.total_recalls, stage_1: stage(stats.stage_1), stage_2: stage(stats.stage_2), stage_3: stage(stats.stage_3), ...stats.other }, null, 2);
  return `${json.replace(/("confidence": )(-?\d+)(,?)$/gm, '$1$2.0$3')}\n`;
};

/** Anton's `increment_recommended` on the counters: one more recall of `stage`, now. */
export const creditRecommended = (stats: SkillStats, stage: SkillStage, nowIso: string): SkillStats => {
  const key = `stage_${stage}` as const;
  return { ...stats, total_recalls: stats.total_recalls + 1, [key]: { ...stats[key], recommended: stats[key].recommended + 1, last_used: nowIso } };
};
