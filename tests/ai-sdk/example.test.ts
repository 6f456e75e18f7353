import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { aiSdkExample } from '../../examples/ai-sdk.js';

describe('examples/ai-sdk.ts', () => {
  it('blocks the fourth identical failing call, learns, and the next conversation stops after one failure', async () => {
    const r = await aiSdkExample(mkdtempSync(join(tmpdir(), 'engram-ex-ai-sdk-')));
    // Conversation 1: three real runs, the fourth refused by engram, then the answer (5 model steps).
    expect(r.runs).toEqual({ first: 3, second: 1 });
    expect(r.steps).toBe(5);
    expect(r.answer).toMatch(/refuses this target/);
    expect(r.lessons.length).toBeGreaterThan(0);
    // Conversation 2 read the lesson in its system prompt: one failure, then it stopped.
    expect(r.secondSteps).toBe(2);
    expect(readLogFile(r.eventLog).problems).toEqual([]);
  });
});
