import type { MemoryEntry } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { EMPTY_SCOPE } from './scope-memory.js';
import { PRIMER_HEADER, buildScratchpadPrimer } from './scratchpad-primer.js';

let n = 0;
const entry = (text: string, over: Partial<MemoryEntry> = {}): MemoryEntry => ({
  id: `id-${++n}`,
  text,
  kind: 'lesson',
  scope: 'global',
  confidence: 'medium',
  topic: null,
  source: 'llm',
  section: null,
  updatedAt: '2026-11-22T03:15:00.000Z',
  ...over,
});

describe('buildScratchpadPrimer', () => {
  it('is empty when nothing is about the scratchpad', () => {
    const p = buildScratchpadPrimer({ ...EMPTY_SCOPE, lessons: [entry('pandas is fast')] }, null);
    expect(p).toMatchObject({ text: '', suffix: '', tokens: 0, entries: [] });
  });

  it('ranks by confidence, then recency, dedupes across scopes, and reads when-rules and lessons', () => {
    const global = {
      ...EMPTY_SCOPE,
      rules: [entry('When a scratchpad cell hangs, split it', { kind: 'when', section: 'when', confidence: 'low' })],
      lessons: [entry('old scratchpad tip', { updatedAt: '2026-11-01' }), entry('new tip', { topic: 'scratchpad-io', updatedAt: '2026-11-22T05:00:00.000Z' })],
    };
    const project = { ...EMPTY_SCOPE, lessons: [entry('Install in the scratchpad with pip', { confidence: 'high', scope: 'project' }), entry('old scratchpad tip', { scope: 'project' })] };
    const p = buildScratchpadPrimer(global, project);
    expect(p.text).toBe(['- Install in the scratchpad with pip', '- new tip', '- old scratchpad tip', '- When a scratchpad cell hangs, split it'].join('\n'));
    expect(p.suffix).toBe(`${PRIMER_HEADER}${p.text}\n</remembered-notes>`);
    expect(p.injection).toMatchObject({ target: 'tool-description', tool: 'scratchpad' });
  });

  it('stays within its budget, header included', () => {
    const lessons = Array.from({ length: 100 }, (_, i) => entry(`scratchpad lesson ${i} ${'y'.repeat(50)}`));
    const p = buildScratchpadPrimer({ ...EMPTY_SCOPE, lessons }, null, 100);
    expect(p.suffix.length).toBeLessThanOrEqual(400);
    expect(p.omitted).toBeGreaterThan(0);
  });
});
