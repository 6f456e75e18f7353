import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { newSessionId, systemClock } from '@engram/kernel';
import { EventLog, layerJsonlEventLog } from '@engram/store';
import { Effect } from 'effect';
import { computeLogStats } from '../log/log-stats.js';
import { readLogFile } from '@engram/store';

export interface DemoOptions {
  readonly home?: string;
  readonly json?: boolean;
}

/**
 * What `engram demo` can show today: the event backbone, for real. One session's worth of the
 * events the runtime will publish (a pad switch, a cell killed twice, one tool failing three times
 * with the same error) goes through the typed bus and is appended durably to a JSONL log under the
 * home folder, one locked batch per turn and an fsync at each turn end; the log is then read back,
 * validated and summarised. The learning (ACC, cerebellum, memory) and the two-session story come
 * with issue 6; the demo says so rather than pretend.
 */
export const backboneDemo = async (options: DemoOptions): Promise<number> => {
  const home = resolve(options.home ?? mkdtempSync(join(tmpdir(), 'engram-demo-')));
  const eventsDir = join(home, 'events');
  mkdirSync(eventsDir, { recursive: true, mode: 0o700 });
  const sessionId = newSessionId(systemClock.now());
  const bus = createBus({ sessionId, validate: true });
  const pending: AnyEnvelope[] = [];
  bus.subscribe('log-writer', (e) => pending.push(e));

  const program = Effect.gen(function* () {
    const log = yield* EventLog;
    const flushTurn = Effect.gen(function* () {
      yield* log.append(sessionId, pending.splice(0));
      yield* log.sync(sessionId);
    });
    bus.publish('executive.session.started', { project: null, home, modes: { memory: 'autopilot', acc: 'active' } });

    bus.publish('executive.turn.started', { message: 'Build the quarterly report from sales.csv' });
    bus.publish('executive.round.started', { round: 1 });
    const call = (pad: string, code: string, description: string, cellId: string) => {
      bus.publish('executive.tool.called', { toolUseId: cellId, name: 'scratchpad', input: { action: 'exec', name: pad, code }, argsSummary: `exec ${pad}` });
      bus.publish('scratchpad.cell.requested', { pad, cellId, runtime: 'python', code, codeLength: code.length, description, confirmedNewPad: false });
    };
    call('load_data', 'import pandas as pd\ndf = pd.read_csv("sales.csv")', 'load the sales data', 'c1');
    bus.publish('scratchpad.cell.executed', { pad: 'load_data', cellId: 'c1', ok: true, stdout: '', stderr: '', error: '', stdoutLength: 0, truncated: false, durationMs: 840 });
    bus.publish('executive.tool.resulted', { toolUseId: 'c1', name: 'scratchpad', ok: true, error: '', output: '(no output)', durationMs: 850 });
    bus.publish('executive.round.completed', { round: 1, toolCalls: 1 });
    bus.publish('executive.round.started', { round: 2 });
    for (const cellId of ['c2', 'c3']) {
      call('build_report', 'report = df.groupby("region").apply(render_all_charts)', 'render every chart', cellId);
      bus.publish('scratchpad.cell.killed', { pad: 'build_report', cellId, reason: 'Cell timed out after 30s (still running: too heavy for one cell)', durationMs: 30_000 });
      bus.publish('executive.tool.resulted', { toolUseId: cellId, name: 'scratchpad', ok: false, error: 'Cell timed out after 30s', output: '', durationMs: 30_000 });
    }
    bus.publish('executive.round.completed', { round: 2, toolCalls: 2 });
    bus.publish('executive.round.started', { round: 3 });
    for (const id of ['t4', 't5', 't6']) {
      bus.publish('executive.tool.called', { toolUseId: id, name: 'publish', input: { target: 'reports/q3' }, argsSummary: '{"target":"reports/q3"}' });
      bus.publish('executive.tool.resulted', { toolUseId: id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'", output: '', durationMs: 120 });
    }
    bus.publish('executive.round.completed', { round: 3, toolCalls: 3 });
    bus.publish('executive.turn.completed', { answer: 'I could not publish the report: the publish tool refused three times.', rounds: 3, stopReason: 'end_turn' });
    yield* flushTurn;
    bus.publish('executive.session.ended', { reason: 'closed' });
    yield* flushTurn;
    yield* log.close();
  });
  await Effect.runPromise(Effect.scoped(Effect.provide(program, layerJsonlEventLog({ dir: eventsDir }))));
  bus.close();

  const file = join(eventsDir, `${sessionId}.jsonl`);
  const check = readLogFile(file, { onEvent: () => undefined });
  const stats = computeLogStats(file);
  const result = {
    memoryHome: home,
    eventLog: file,
    events: stats.events,
    problems: check.problems.length,
    turns: stats.turns,
    byType: stats.byType,
    shows: 'event backbone only: typed bus -> durable JSONL log -> validate/stats',
    notYet: 'learning (ACC lessons, cerebellum, memory files) and the two-session before/after story arrive with issue 6',
  };
  if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(
      [
        'engram demo (what is built so far: the event backbone)',
        '',
        'One scripted session published the events engram will learn from: a scratchpad cell killed',
        'twice for running too long, and one tool failing three times with the same error. Each event',
        'went through the typed bus (validated against its schema) and was appended to a durable,',
        'locked JSONL log, fsynced at the end of each turn. The log was then read back and validated.',
        '',
        `  event log   ${file}`,
        `  events      ${stats.events} (${check.problems.length === 0 ? 'all valid' : `${check.problems.length} problems`}), ${stats.turns} turn`,
        `  by type     ${Object.entries(stats.byType).map(([t, n]) => `${t} x${n}`).join(', ')}`,
        '',
        'Not built yet (issue 6): the ACC and cerebellum learning from these failures, the memory files,',
        'and a second session that avoids them. Try: npx engram log stats ' + file,
        '',
      ].join('\n'),
    );
  }
  return check.problems.length === 0 ? 0 : 1;
};
