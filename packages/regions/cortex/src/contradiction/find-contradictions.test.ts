import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { contradictionCandidates, findContradictions } from './find-contradictions.js';
import { judgedContradictions } from './contradiction-judge.js';

const entry = (text: string, kind: MemoryEntry['kind'], id = text): MemoryEntry => ({ id, text, kind, scope: 'project', confidence: 'high', topic: null, source: 'user', section: kind === 'lesson' ? null : kind, updatedAt: null });

describe('findContradictions (the heuristic)', () => {
  it('finds the same subject with the polarity flipped, by kind or by words', () => {
    expect(findContradictions('Never use tabs', 'never', [entry('Always use tabs', 'always')]).map((c) => c.entry.text)).toEqual(['Always use tabs']);
    expect(findContradictions('Do not use pnpm', 'lesson', [entry('Use pnpm', 'lesson')])).toHaveLength(1);
    expect(findContradictions("Don't use tab", 'lesson', [entry('Use tabs', 'always')])).toHaveLength(1);
  });

  it('leaves alone a different subject, the same polarity, profile facts and long texts', () => {
    expect(findContradictions('Never use tabs in YAML', 'never', [entry('Always use tabs', 'always')])).toEqual([]);
    expect(findContradictions('Never use tabs', 'never', [entry("Don't use tabs", 'lesson')])).toEqual([]);
    expect(findContradictions('Name: Ana', 'profile', [entry('Name: Bo', 'profile')])).toEqual([]);
    const long = 'Do not retry the upload when the server answers with a quota error in the nightly batch';
    expect(findContradictions(long, 'lesson', [entry(long.replace('Do not ', ''), 'lesson')])).toEqual([]);
  });

  it('offers the model only entries sharing a subject word, most shared first (ties in memory order)', () => {
    const c = contradictionCandidates('Never use tabs', 'never', [entry('Prefer short names', 'lesson'), entry('Use tabs in Makefiles', 'when'), entry('Always use tabs', 'always')]);
    expect(c.map((e) => e.text)).toEqual(['Use tabs in Makefiles', 'Always use tabs']);
  });

  it('reads the model verdict strictly: valid numbers once each', () => {
    const cands = [entry('a', 'lesson'), entry('b', 'lesson')];
    expect(judgedContradictions({ contradicted: [{ n: 2, reason: ' opposite ' }, { n: 2, reason: 'again' }, { n: 7, reason: 'x' }, { n: 0, reason: 'y' }] }, cands)).toEqual([{ entry: cands[1], reason: 'opposite' }]);
  });
});
