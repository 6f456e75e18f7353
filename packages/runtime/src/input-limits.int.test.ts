import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';
import { INPUT_LIMITS } from './input-limits.js';

/** Room for the cut marker a capped text carries. */
const MARKER_ROOM = 200;

describe('host inputs are capped where they enter, with the cut recorded', () => {
  it('stores a 5 MB prompt, tool input and tool output as head, marker and tail; the log stays small', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-limits-'));
    const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    const s = brain.session();
    const huge = (c: string) => `START${c.repeat(5_000_000)}END`;
    s.startTurn(huge('p'));
    const id = s.toolCalled({ name: 'write_file', input: { path: 'a.txt', content: huge('i') } });
    s.toolResulted({ id, name: 'write_file', ok: false, error: huge('e'), output: huge('o') });
    s.endTurn(huge('a'));
    await s.settled();
    await s.close();
    expect(statSync(s.eventLog).size).toBeLessThan(2_000_000);
    const { events, problems } = readLogFile(s.eventLog);
    expect(problems).toEqual([]);
    const texts: [string, number][] = [];
    for (const e of events) {
      if (e.type === 'executive.turn.started') texts.push([e.data.message, INPUT_LIMITS.message]);
      if (e.type === 'executive.tool.called') texts.push([(e.data.input as { content: string }).content, INPUT_LIMITS.inputString]);
      if (e.type === 'executive.tool.resulted') texts.push([e.data.error, INPUT_LIMITS.toolText], [e.data.output, INPUT_LIMITS.toolText]);
      if (e.type === 'executive.turn.completed') texts.push([e.data.answer, INPUT_LIMITS.toolText]);
    }
    expect(texts).toHaveLength(5);
    for (const [text, limit] of texts) {
      expect(text.startsWith('START')).toBe(true);
      expect(text.endsWith('END')).toBe(true);
      expect(text).toMatch(/\[engram: \d+ of 5000008 characters cut here; inputs are capped at \d+\]/);
      expect(text.length).toBeLessThanOrEqual(limit + MARKER_ROOM);
    }
  });
});
