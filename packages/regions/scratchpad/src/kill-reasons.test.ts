import { describe, expect, it } from 'vitest';
import { cancelledReason, externalKillReason, formatSeconds, killReason, livenessKillReason, memoryKillReason, STATE_LOST_NOTICE, timeoutKillReason } from './kill-reasons.js';

/**
 * Anton's kill classification (anton.md §2.5 #6), restated here because regions never import
 * each other: the ACC's `classifyKill` does exactly this. The reasons below must land in the
 * right class, and each must count as a kill at all (Anton's prefixes).
 */
const classify = (reason: string): 'liveness' | 'heavy' | 'ambiguous' => {
  const text = reason.toLowerCase();
  if (text.includes('auto-install')) return 'ambiguous';
  if (text.includes('liveness') || text.includes('inactivity')) return 'liveness';
  if (text === '' || text.includes('without producing any output')) return 'ambiguous';
  return 'heavy';
};
const isKill = (error: string): boolean => /^(Cancelled|Cell timed out|Cell killed)/.test(error.trim());
/** The ACC event keeps the first 120 characters of the reason. */
const ACC_REASON_CHARS = 120;

describe('kill reasons', () => {
  it('pins the exact words', () => {
    expect(livenessKillReason(20_000)).toBe('Cell killed: no output for 20s (liveness check failed; the worker hung)');
    expect(timeoutKillReason(60_000)).toBe('Cell timed out after 60s while still running (too heavy for one cell)');
    expect(cancelledReason(2_500)).toBe('Cancelled by request after 2.5s');
    expect(externalKillReason('SIGKILL')).toBe('Cell killed by SIGKILL from outside the pad (likely out of memory; too heavy for one cell)');
    expect(memoryKillReason(2048)).toBe("Cell killed: over the pad's memory limit of 2048 MB (ENGRAM_PAD_MEMORY_MB; too heavy for one cell)");
    expect(killReason('memory', 0, 'SIGKILL', 256)).toBe(memoryKillReason(256));
  });

  it.each([
    ['inactivity', 'liveness'],
    ['timeout', 'heavy'],
    ['cancelled', 'heavy'],
    ['external', 'heavy'],
    ['memory', 'heavy'],
  ] as const)('a %s kill reads as %s to the ACC, even cut to 120 characters and with the state notice', (cause, expected) => {
    for (const ms of [1, 400, 9_950, 20_000, 60_000, 3_600_000]) {
      const reason = killReason(cause, ms);
      expect(isKill(reason)).toBe(true);
      expect(classify(reason)).toBe(expected);
      expect(classify(`${reason}. ${STATE_LOST_NOTICE}`.slice(0, ACC_REASON_CHARS))).toBe(expected);
    }
  });

  it('never uses the ambiguous phrase', () => {
    for (const cause of ['inactivity', 'timeout', 'cancelled', 'external', 'memory'] as const) {
      expect(killReason(cause, 1000).toLowerCase()).not.toContain('without producing any output');
      expect(killReason(cause, 1000).toLowerCase()).not.toContain('auto-install');
    }
    expect(STATE_LOST_NOTICE.toLowerCase()).not.toMatch(/liveness|inactivity|auto-install/);
  });

  it('formats seconds briefly', () => {
    expect(formatSeconds(400)).toBe('0.4s');
    expect(formatSeconds(1000)).toBe('1s');
    expect(formatSeconds(2_549)).toBe('2.5s');
    expect(formatSeconds(60_000)).toBe('60s');
    expect(formatSeconds(90_400)).toBe('90s');
    expect(formatSeconds(-5)).toBe('0s');
  });
});
