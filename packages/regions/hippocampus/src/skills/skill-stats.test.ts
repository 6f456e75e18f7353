import { describe, expect, it } from 'vitest';
import { creditRecommended, parseSkillStats, renderSkillStats, ZERO_STATS } from './skill-stats.js';

const ANTON_ZERO = `{
  "total_recalls": 0,
  "stage_1": {
    "recommended": 0,
    "used": 0,
    "last_used": "",
    "confidence": 0.0
  },
  "stage_2": {
    "recommended": 0,
    "used": 0,
    "last_used": "",
    "confidence": 0.0
  },
  "stage_3": {
    "recommended": 0,
    "used": 0,
    "last_used": "",
    "confidence": 0.0
  }
}
`;

describe('stats.json (anton.md §10.3)', () => {
  it("writes exactly what Python's json.dumps(indent=2) writes", () => expect(renderSkillStats(ZERO_STATS)).toBe(ANTON_ZERO));
  it('reads it back, and reads anything malformed as zeroes', () => {
    expect(parseSkillStats(ANTON_ZERO)).toEqual(ZERO_STATS);
    expect(parseSkillStats('{"total_recalls": 7,')).toEqual(ZERO_STATS);
    expect(parseSkillStats('[]')).toEqual(ZERO_STATS);
    expect(parseSkillStats('{"total_recalls": "x", "stage_1": 5}')).toEqual(ZERO_STATS);
  });
  it('credits a recall and keeps unknown keys', () => {
    const s = creditRecommended(parseSkillStats('{"total_recalls": 2, "stage_1": {"recommended": 2, "used": 1, "last_used": "", "confidence": 0.5}, "note": "kept"}'), 1, '2026-03-01T00:00:00.000Z');
    expect(s).toMatchObject({ total_recalls: 3, stage_1: { recommended: 3, used: 1, last_used: '2026-03-01T00:00:00.000Z', confidence: 0.5 }, other: { note: 'kept' } });
    expect(JSON.parse(renderSkillStats(s))).toMatchObject({ total_recalls: 3, note: 'kept', stage_1: { confidence: 0.5 } });
  });
});
