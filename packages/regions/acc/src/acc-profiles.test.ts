import { describe, expect, it } from 'vitest';
import { ACC_PARAM_REASONS } from './acc-params.js';
import { accProfiles, defaultAccParams } from './acc-profiles.js';
import { ACC_RULES } from './acc-rules.js';

describe('params and profiles', () => {
  it('defaults to the anton profile, which is frozen with Anton thresholds', () => {
    expect(defaultAccParams).toBe(accProfiles.anton);
    expect(Object.isFrozen(accProfiles.anton)).toBe(true);
    expect(Object.isFrozen(accProfiles.anton.toolErrorIgnoredTools)).toBe(true);
    expect(accProfiles.anton).toEqual({
      minDistinctPads: 2,
      honourConfirmedNewPad: false,
      bigCellChars: 5000,
      minBigCells: 2,
      minEmptyCells: 1,
      minToolErrorRun: 2,
      toolErrorIgnoredTools: [],
      minSignatureRepeats: 3,
      minResets: 2,
      minKills: 2,
      minClimbRun: 3,
      minClimbSeverity: 5,
      minRepairs: 3,
      minCapHits: 1,
    });
  });

  it('gives every param a reason', () => {
    expect(Object.keys(ACC_PARAM_REASONS).sort()).toEqual(Object.keys(accProfiles.anton).sort());
    for (const reason of Object.values(ACC_PARAM_REASONS)) expect(reason.length).toBeGreaterThan(20);
  });

  it('keeps the phrases Anton users search for in the lesson texts', () => {
    expect(ACC_RULES['acc.name-switch'].rule).toContain('ONE scratchpad');
    expect(ACC_RULES['acc.oversized-cell'].rule).toContain('5 KB');
    expect(ACC_RULES['acc.repeated-tool-error'].rule.toLowerCase()).toContain("don't retry");
    expect(ACC_RULES['acc.repeated-error-signature'].rule.toLowerCase()).toContain('same error message');
    expect(ACC_RULES['acc.reset-churn'].rule.toLowerCase()).toMatch(/reset.*scratchpad|scratchpad.*reset/);
    expect(ACC_RULES['acc.kill-loop.heavy'].rule.toLowerCase()).toContain('killed');
    expect(ACC_RULES['acc.kill-loop.liveness'].rule.toLowerCase()).toContain('killed');
    expect(ACC_RULES['acc.cap-exhausted'].rule.toLowerCase()).toContain('round cap');
  });

  it('gives lesson texts distinct 60-char probes, so memory dedupe never confuses two lessons', () => {
    const probes = Object.values(ACC_RULES).map((r) => r.rule.slice(0, 60).toLowerCase());
    expect(new Set(probes).size).toBe(probes.length);
  });
});
