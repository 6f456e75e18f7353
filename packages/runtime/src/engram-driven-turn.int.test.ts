import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LlmRequest, LlmResponse, LlmTransportShape } from '@engram/llm';
import { readLogFile } from '@engram/store';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { brainCores } from './cores/brain-cores.js';
import { createBrain } from './create-brain.js';

/**
 * A transport that answers turn calls from a list of scripted responses, structured calls (post-mortems,
 * consolidation) with `structured(purpose)` as the forced tool's input, and keeps the requests it saw.
 */
const scripted = (answers: ((req: LlmRequest) => LlmResponse['content'])[], structured: (purpose: string) => unknown = () => ({ lessons: [] })) => {
  const seen: LlmRequest[] = [];
  const transport: LlmTransportShape = {
    provider: 'test-script',
    target: 'memory',
    send: (request) => {
      seen.push(request);
      const turnCalls = seen.filter((r) => r.purpose === 'turn').length;
      const content = request.purpose === 'turn' ? (answers[turnCalls - 1]?.(request) ?? [{ type: 'text' as const, text: 'done' }]) : [{ type: 'tool_use' as const, id: 's', name: request.tools[0]?.name ?? 'x', input: structured(request.purpose) }];
      return Effect.succeed({ model: request.model, content, stopReason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } });
    },
  };
  return { transport, seen };
};

const roots = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-turn-'));
  return { home: join(root, 'home'), project: join(root, 'project') };
};

const exec = (code: string, pad = 'main') => () => [{ type: 'tool_use' as const, id: `t-${code.length}`, name: 'scratchpad', input: { action: 'exec', name: pad, code, one_line_description: 'run' } }];
const say = (text: string) => () => [{ type: 'text' as const, text }];

describe('an engram-driven turn', () => {
  it('runs real cells, feeds results back, answers, logs episodes and records every model call', async () => {
    const r = roots();
    const { transport, seen } = scripted([exec('x = 6 * 7\nprint(x)'), exec('print(x + 1)'), say('x is 42')]);
    const brain = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} });
    const s = brain.session();
    const result = await s.turn('compute x');
    await s.settled();
    await s.close();
    expect(result).toMatchObject({ answer: 'x is 42', stopReason: 'end_turn', turn: 1 });
    // The second call saw the first cell's output as a tool result; state persisted across cells.
    const results = seen[2]?.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : []))));
    expect(results).toEqual(['42', '43']);
    expect(seen[0]?.tools.map((t) => t.name)).toEqual(['scratchpad', 'memorize', 'recall', 'recall_skill']);
    const log = readLogFile(s.eventLog).events;
    expect(log.filter((e) => e.type === 'llm.call.completed')).toHaveLength(3);
    expect(log.filter((e) => e.type === 'scratchpad.cell.executed')).toHaveLength(2);
    const episodes = readdirSync(join(r.project, '.engram', 'episodes'));
    expect(episodes).toEqual([`${s.id}.jsonl`]);
    const roles = readFileSync(join(r.project, '.engram', 'episodes', episodes[0]!), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { role: string }).role);
    expect(roles).toEqual(['user', 'tool_call', 'scratchpad', 'tool_result', 'tool_call', 'scratchpad', 'tool_result', 'assistant']);
  });

  it('runs the cell the model wrote, not its scrubbed copy; records only the scrubbed copy (issue 11)', async () => {
    const r = roots();
    const secret = ['S3cret', '-Pa55', '-w0rd!!x'].join(''); // not 17 characters long, like its marker
    // `token = str(...) + '...'` once became `token = [REDACTED:secret]) + 'abc'`: a SyntaxError.
    const code = `token = str(12345) + 'abc'\npassword = "${secret}"\nprint(token, len(password))`;
    const { transport, seen } = scripted([exec(code), say('done')]);
    const s = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('run it');
    await s.settled();
    await s.close();
    const results = seen[1]?.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : []))));
    expect(results).toEqual([`12345abc ${secret.length}`]);
    const log = readFileSync(s.eventLog, 'utf8');
    expect(log).not.toContain(secret);
    const requested = readLogFile(s.eventLog).events.find((e) => e.type === 'scratchpad.cell.requested');
    expect((requested?.data as { code: string }).code).toBe(`token = str(12345) + 'abc'\npassword = "[REDACTED:secret]"\nprint(token, len(password))`);
  });

  it('scrubs a long tool result before clipping it, so the clip cannot cut a secret loose of its URL (issue 11)', async () => {
    const r = roots();
    const password = ['Wh0le', 'Secret', 'Passw0rd', 'ForTheDb99'].join('');
    // 15,960 characters of padding put the 16,000-character clip inside the password, before its '@'.
    const { transport } = scripted([exec(`print("x" * 15960 + " postgres://etl:${password}@db.internal/sales")`), say('done')]);
    const s = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('print a url');
    await s.settled();
    await s.close();
    const resulted = readLogFile(s.eventLog).events.find((e) => e.type === 'executive.tool.resulted');
    const output = (resulted?.data as { output: string }).output;
    expect(output).toContain('postgres://etl:[REDACTED:url-password]');
    expect(output).not.toContain(password.slice(0, 8));
    const episodes = readFileSync(join(r.project, '.engram', 'episodes', `${s.id}.jsonl`), 'utf8');
    expect(episodes).not.toContain(password.slice(0, 8));
  });

  it('stops at the round cap, tells the ACC, and learns the round-cap rule', async () => {
    const { transport } = scripted([exec('print(1)'), exec('print(2)'), exec('print(3)')]);
    const s = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    const result = await s.turn('loop forever', { roundCap: 2 });
    expect(result.stopReason).toBe('round_cap');
    expect(result.lessons.map((l) => l.id)).toContain('acc.cap-exhausted');
    await s.close();
    expect(readLogFile(s.eventLog).events.some((e) => e.type === 'executive.cap.exhausted')).toBe(true);
  });

  it('the deadline ends the turn with stop reason deadline, aborting the model call in flight, and the round cap still holds after it', async () => {
    let turnCalls = 0;
    const transport: LlmTransportShape = {
      provider: 'test-script',
      target: 'memory',
      send: (request) => {
        if (request.purpose === 'turn' && ++turnCalls === 2) return Effect.never; // a model that never answers: only the deadline ends this call
        const content = [{ type: 'tool_use' as const, id: `t-${turnCalls}`, name: 'recall', input: { query: 'sales' } }];
        return Effect.succeed({ model: request.model, content, stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } });
      },
    };
    const s = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    const late = await s.turn('look it up', { turnTimeoutMs: 1500 });
    expect(late).toMatchObject({ stopReason: 'deadline', answer: 'I stopped after 1500 ms without finishing.' });
    // The next turn runs under its own machine: its cap still ends it.
    turnCalls = 10;
    const capped = await s.turn('look again', { roundCap: 2 });
    expect(capped.stopReason).toBe('round_cap');
    await s.close();
    const events = readLogFile(s.eventLog).events;
    const ends = events.flatMap((e) => (e.type === 'executive.turn.completed' ? [[e.turn, e.data.stopReason, e.data.rounds]] : []));
    expect(ends).toEqual([
      [1, 'deadline', 2],
      [2, 'round_cap', 2],
    ]);
    // The deadline's open round was closed before the turn ended.
    expect(events.filter((e) => e.type === 'executive.round.completed' && e.turn === 1).map((e) => e.round)).toEqual([1, 2]);
  });

  it("derives the proposals of the model's memorize call from the recorded call, carries them out, and tells the model what happened", async () => {
    const r = roots();
    const memorize = () => [{ type: 'tool_use' as const, id: 'm1', name: 'memorize', input: { entries: [{ text: 'The sales files are in data/raw', kind: 'lesson', scope: 'project' }, { text: '   ' }] } }];
    const { transport, seen } = scripted([memorize, say('noted')]);
    const s = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('remember where the sales files are');
    await s.settled();
    await s.close();
    const told = seen[1]?.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : []))));
    expect(told).toEqual(['Stored lesson: The sales files are in data/raw\nRefused lesson:  (empty text)']);
    expect(readFileSync(join(r.project, '.engram', 'memory', 'lessons.md'), 'utf8')).toMatch(/The sales files are in data\/raw/);
    const events = readLogFile(s.eventLog).events;
    const call = events.find((e) => e.type === 'executive.tool.called' && e.data.name === 'memorize');
    const recorded = events.flatMap((e) => (e.type === 'cortex.engram.proposed' ? [{ ...e.data, causationId: e.causationId }] : []));
    expect(recorded).toEqual([expect.objectContaining({ proposalId: `${call?.id}:memorize-1`, origin: 'memorize', gate: 'autopilot', causationId: call?.id })]);
    // Replay's fold of the same cores re-derives exactly the recorded proposal.
    const states = brainCores().map((c) => ({ c, state: c.core.initialState(c.params) }));
    const derived = events.flatMap((e) =>
      states.flatMap((x) => {
        x.state = x.c.core.evolve(x.state, e);
        return x.c.core.react(x.state, e, x.c.params).flatMap((d) => (d.type === 'cortex.engram.proposed' ? [{ ...d.data, causationId: d.causationId ?? e.id }] : []));
      }),
    );
    expect(derived).toEqual(recorded);
  });

  it('a memorize call that stored nothing is a failed tool result for the model and in the log, where the ACC reads it', async () => {
    const r = roots();
    const memorize = () => [{ type: 'tool_use' as const, id: 'm1', name: 'memorize', input: { entries: 'not a list' } }];
    const { transport, seen } = scripted([memorize, say('sorry')]);
    const s = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('remember this');
    await s.settled();
    await s.close();
    const results = seen[1]?.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_result' ? [b] : []))));
    expect(results).toEqual([expect.objectContaining({ is_error: true, content: expect.stringContaining('Invalid memorize input') as unknown })]);
    const resulted = readLogFile(s.eventLog).events.find((e) => e.type === 'executive.tool.resulted' && e.data.name === 'memorize');
    expect(resulted?.type === 'executive.tool.resulted' && resulted.data.ok).toBe(false);
  });

  it('a model that cannot be reached fails the turn and learns nothing', async () => {
    const transport: LlmTransportShape = { provider: 'down', target: 'nowhere', send: () => Effect.die(new Error('unplugged')) };
    const s = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    const result = await s.turn('hello');
    expect(result.stopReason).toBe('failed');
    await s.close();
    const types = readLogFile(s.eventLog).events.map((e) => e.type);
    expect(types).toContain('executive.turn.failed');
    expect(types).not.toContain('acc.lesson.detected');
  });

  it('sleep replay consolidates the cells of a pad once, through the gate, into project memory', async () => {
    const r = roots();
    const answers = [exec('a = 1'), exec('b = 2'), exec('c = a + b'), exec('print(c)'), exec('d = c * 2'), say('done')];
    const { transport, seen } = scripted(answers, (purpose) => (purpose === 'consolidation' ? { items: [{ text: 'Build sums step by step in one pad.', kind: 'lesson', scope: 'project' }] } : { lessons: [] }));
    const s = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('add things');
    await s.settled();
    await s.close();
    expect(seen.filter((q) => q.purpose === 'consolidation')).toHaveLength(1);
    expect(readFileSync(join(r.project, '.engram', 'memory', 'lessons.md'), 'utf8')).toMatch(/Build sums step by step/);
    const events = readLogFile(s.eventLog).events;
    const proposed = events.find((e) => e.type === 'cortex.engram.proposed' && e.data.origin === 'consolidation');
    expect(events.some((e) => e.type === 'hippocampus.engram.encoded' && e.data.proposalId === (proposed?.type === 'cortex.engram.proposed' ? proposed.data.proposalId : ''))).toBe(true);
  });

  it('the circuit breaker warns after two identical failures and blocks the third repeat; the model sees why', async () => {
    const open = exec("open('nope.txt')");
    const { transport, seen } = scripted([open, open, open, open, say('giving up')]);
    const s = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await s.turn('open it');
    await s.close();
    const results = (i: number) => seen[i]?.messages.at(-1)?.content;
    const text = (i: number) => JSON.stringify(results(i));
    expect(text(2)).not.toMatch(/this exact scratchpad call/);
    expect(text(3)).toMatch(/this exact scratchpad call has failed 2 times in a row/);
    expect(text(4)).toMatch(/this exact scratchpad call failed 3 times this turn/);
    const events = readLogFile(s.eventLog).events;
    expect(events.filter((e) => e.type === 'executive.tool.guarded').map((e) => (e.type === 'executive.tool.guarded' ? e.data.action : ''))).toEqual(['warned', 'warned', 'blocked']); // the retry warning (issue 24), then the breaker's warning and block
    // The fourth, blocked call never ran.
    expect(events.filter((e) => e.type === 'scratchpad.cell.requested')).toHaveLength(3);
  });

  it('a cancelled turn stops before its next step and learns nothing', async () => {
    const controller = new AbortController();
    const { transport } = scripted([
      () => {
        controller.abort(new Error('user pressed stop'));
        return exec("open('nope.txt')")();
      },
      exec("open('nope.txt')"),
      say('never reached'),
    ]);
    const s = createBrain({ ...roots(), modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    const result = await s.turn('open it', { signal: controller.signal });
    expect(result.stopReason).toBe('cancelled');
    await s.close();
    const events = readLogFile(s.eventLog).events;
    expect(events.find((e) => e.type === 'executive.turn.cancelled')?.data).toEqual({ reason: 'user pressed stop' });
    expect(events.some((e) => e.type === 'scratchpad.cell.requested')).toBe(false);
    expect(events.some((e) => e.type === 'acc.lesson.detected')).toBe(false);
  });

  it('recall finds what an earlier session said; episodic memory can be switched off', async () => {
    const r = roots();
    const first = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, env: {} }).session();
    first.startTurn('my favourite colour is ultramarine');
    first.endTurn('noted');
    await first.close();
    const { transport, seen } = scripted([() => [{ type: 'tool_use', id: 'r1', name: 'recall', input: { query: 'ultramarine' } }], say('you like ultramarine')]);
    const second = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, llm: { transport, models: { planning: 'p', coding: 'c' } }, env: {} }).session();
    await second.turn('what colour do I like?');
    await second.close();
    const recalled = seen[1]?.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : []))));
    expect(recalled?.[0]).toMatch(/ultramarine/);

    const off = roots();
    const s = createBrain({ ...off, modes: { memory: 'autopilot', acc: 'active', episodic: false }, env: {} }).session();
    s.startTurn('secret plans');
    s.endTurn('ok');
    await s.close();
    expect(existsSync(join(off.project, '.engram', 'episodes', `${s.id}.jsonl`))).toBe(false);
  });
});
