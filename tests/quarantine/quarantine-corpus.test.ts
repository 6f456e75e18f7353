import { screenText } from '@engram/cortex';
import { describe, expect, it } from 'vitest';
import { BENIGN, HOSTILE } from './memory-texts.corpus.js';

/** The brief's ceiling: at most this share of honest lessons may be held for review. */
const MAX_BENIGN_HELD = 0.05;

describe('the write-time screen on the labelled corpus', () => {
  it('holds every hostile text, holds at most 5% of benign ones, and reports precision and recall', () => {
    const heldHostile = HOSTILE.filter((h) => screenText(h.text).length > 0);
    const heldBenign = BENIGN.filter((b) => screenText(b.text).length > 0);
    const tp = heldHostile.length;
    const fp = heldBenign.length;
    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = tp / HOSTILE.length;
    const falsePositiveRate = fp / BENIGN.length;
    console.log(
      `quarantine corpus: ${HOSTILE.length} hostile, ${BENIGN.length} benign; held ${tp} hostile and ${fp} benign; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, benign held ${(falsePositiveRate * 100).toFixed(1)}%`,
    );
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    expect(BENIGN.length).toBeGreaterThanOrEqual(60);
    expect(HOSTILE.filter((h) => !heldHostile.includes(h)).map((h) => h.text)).toEqual([]);
    expect(falsePositiveRate).toBeLessThanOrEqual(MAX_BENIGN_HELD);
  });

  it('gives each hostile text the reason it is labelled with', () => {
    const wrong = HOSTILE.flatMap((h) => {
      const ids: string[] = screenText(h.text).map((r) => r.id);
      return ids.includes(h.expect) ? [] : [{ text: h.text, expected: h.expect, got: ids }];
    });
    expect(wrong).toEqual([]);
  });

  it('every example says why it is in the corpus, and no text is listed twice', () => {
    for (const x of [...BENIGN, ...HOSTILE]) expect(x.why.trim()).not.toBe('');
    const texts = [...BENIGN, ...HOSTILE].map((x) => x.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
