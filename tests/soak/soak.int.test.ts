import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LlmRequest, LlmResponse, LlmTransportShape } from '@engram/llm';
import { createBrain } from '@engram/runtime';
import { readLogFile } from '@engram/store';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';

/** Bounded: the 200 turns, each a few rounds with real Python cells. */
const TURNS = 200;
const MEASURE_AT = 50;
/** Heap after the last turn may be at most this multiple of the heap after turn 50 (no leak). */
const MAX_HEAP_GROWTH = 1.5;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapNow = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Every turn: a cell that works, the same failing cell twice, then an answer. */
const transport: LlmTransportShape = {
  provider: 'soak-script',
  target: 'memory',
  send: (request: LlmRequest) => {
    const forced = request.tools[0]?.name ?? 'x';
    // Structured calls: post-mortems and consolidation find nothing; a compaction of the conversation gets its summary.
    if (request.purpose !== 'turn') return Effect.succeed({ model: request.model, content: [{ type: 'tool_use', id: 'pm', name: forced, input: forced === 'ConversationSummary' ? { summary: 'Earlier turns ran the same three cells.' } : { lessons: [] } }], stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } });
    // The session sends the conversation so far: this turn's steps are the model's messages after its own message.
    const current = request.messages.findLastIndex((m) => m.role === 'user' && typeof m.content === 'string');
    const step = request.messages.slice(current).filter((m) => m.role === 'assistant').length;
    const codes = ['n = len(str(12345))\nprint(n)', "open('nope.txt')", "open('nope.txt')"];
    const code = codes[step];
    const content: LlmResponse['content'] = code === undefined ? [{ type: 'text', text: `done ${request.messages.length}` }] : [{ type: 'tool_use', id: `t${step}`, name: 'scratchpad', input: { action: 'exec', name: 'soak', code, one_line_description: `step ${step}` } }];
    return Effect.succeed({ model: request.model, content, stopReason: code === undefined ? 'end_turn' : 'tool_use', usage: { inputTokens: 10, outputTokens: 5 } });
  },
};

describe('soak: 200 scripted turns in one session', () => {
  it('keeps the event log, the episodes and memory consistent, and does not leak', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-soak-'));
    const project = join(root, 'project');
    const brain = createBrain({ home: join(root, 'home'), project, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} });
    const session = brain.session();
    let heapAt50 = 0;
    for (let t = 1; t <= TURNS; t++) {
      const r = await session.turn(`turn ${t}`);
      expect(r.stopReason).toBe('end_turn');
      await session.settled();
      if (t === MEASURE_AT) heapAt50 = heapNow();
    }
    const heapAt200 = heapNow();
    await session.close();

    const log = readLogFile(session.eventLog);
    expect(log.problems).toEqual([]);
    const count = (type: string) => log.events.filter((e) => e.type === type).length;
    expect(count('executive.turn.started')).toBe(TURNS);
    expect(count('executive.turn.completed')).toBe(TURNS);
    expect(count('scratchpad.cell.executed')).toBe(3 * TURNS);
    expect(count('llm.call.completed')).toBeGreaterThanOrEqual(4 * TURNS);
    // The conversation stays within its budget: old turns were summarised along the way.
    expect(count('executive.history.compacted')).toBeGreaterThan(0);
    expect(log.events.map((e) => e.seq)).toEqual(log.events.map((_, i) => i + 1));

    const episodes = readFileSync(join(project, '.engram', 'episodes', `${session.id}.jsonl`), 'utf8').trim().split('\n');
    // Per turn: user, 3 x (tool_call, scratchpad, tool_result), assistant.
    expect(episodes).toHaveLength(11 * TURNS);

    // The same mistake every turn: nudged every turn, learned once, stored once.
    const rules = readFileSync(join(root, 'home', 'memory', 'rules.md'), 'utf8');
    expect(rules.match(/don't retry/g)).toHaveLength(1);
    expect(count('acc.nudge.emitted')).toBeGreaterThanOrEqual(TURNS);
    expect(count('acc.lesson.detected')).toBeLessThanOrEqual(3);

    expect(heapAt200, `heap ${Math.round(heapAt200 / 2 ** 20)} MiB after ${TURNS} turns vs ${Math.round(heapAt50 / 2 ** 20)} MiB after ${MEASURE_AT}`).toBeLessThanOrEqual(heapAt50 * MAX_HEAP_GROWTH);
  }, 300_000);
});
