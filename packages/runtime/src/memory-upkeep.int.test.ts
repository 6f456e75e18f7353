import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LlmRequest, LlmTransportShape } from '@engram/llm';
import { readLogFile } from '@engram/store';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';

/** A scripted model: structured calls answered per purpose (the forced tool's input); every request kept. */
const scripted = (answers: Record<string, unknown>) => {
  const seen: LlmRequest[] = [];
  const transport: LlmTransportShape = {
    provider: 'test-script',
    target: 'memory',
    send: (request) => {
      seen.push(request);
      const input = answers[request.purpose] ?? { lessons: [] };
      return Effect.succeed({ model: request.model, content: [{ type: 'tool_use' as const, id: 's', name: request.tools[0]?.name ?? 'x', input }], stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } });
    },
  };
  return { transport, seen };
};

const setUp = (answers: Record<string, unknown>) => {
  const root = mkdtempSync(join(tmpdir(), 'engram-upkeep-'));
  const home = join(root, 'home');
  const { transport, seen } = scripted(answers);
  const brain = createBrain({ home, project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'off' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {}, instincts: { auto: false } });
  return { home, brain, seen };
};

/** Host-driven turns, one message each, with nothing else happening. */
const turns = async (s: ReturnType<ReturnType<typeof setUp>['brain']['session']>, messages: readonly string[]) => {
  for (const m of messages) {
    s.startTurn(m);
    s.endTurn('ok');
    await s.settled();
  }
};

describe('identity extraction and automatic compaction run when Anton runs them', () => {
  it('extracts identity facts into the global profile after the 5th turn, from the last user messages, recorded as an llm call', async () => {
    const t = setUp({ identity: { facts: ['Name: Ada', 'Timezone: Europe/Madrid'] } });
    const s = t.brain.session();
    await turns(s, ['hi, I am Ada', 'load sales.csv', 'I am in Madrid', 'plot it']);
    expect(t.seen.filter((r) => r.purpose === 'identity')).toEqual([]); // not before the 5th turn
    await turns(s, ['thanks']);
    const identity = t.seen.filter((r) => r.purpose === 'identity');
    expect(identity).toHaveLength(1);
    expect(JSON.stringify(identity[0]?.messages)).toContain('hi, I am Ada');
    expect(readFileSync(join(t.home, 'memory', 'profile.md'), 'utf8')).toMatch(/Name: Ada[\s\S]*Timezone: Europe\/Madrid/);
    await s.close();
    const calls = readLogFile(s.eventLog).events.filter((e) => e.type === 'llm.call.completed' && e.data.purpose === 'identity');
    expect(calls).toHaveLength(1);
  });

  it('compacts a store over 20 entries after the 10th turn, and leaves a smaller one alone', async () => {
    const t = setUp({ compaction: { keep: [1, 2, 3] } });
    mkdirSync(join(t.home, 'memory'), { recursive: true });
    const lessons = Array.from({ length: 22 }, (_, i) => `- Lesson number ${i + 1} about loading files <!-- ts:2026-01-01 -->`).join('\n');
    writeFileSync(join(t.home, 'memory', 'lessons.md'), `# Lessons\n${lessons}\n`);
    const s = t.brain.session();
    await turns(s, Array.from({ length: 9 }, (_, i) => `turn ${i + 1}`));
    expect(t.seen.filter((r) => r.purpose === 'compaction')).toEqual([]);
    await turns(s, ['turn 10']);
    expect(t.seen.filter((r) => r.purpose === 'compaction').length).toBeGreaterThan(0);
    const kept = readFileSync(join(t.home, 'memory', 'lessons.md'), 'utf8').split('\n').filter((l) => l.startsWith('- '));
    expect(kept.map((l) => l.replace(/ <!--.*$/, ''))).toEqual(['- Lesson number 1 about loading files', '- Lesson number 2 about loading files', '- Lesson number 3 about loading files']);
    await s.close();
  });
});
