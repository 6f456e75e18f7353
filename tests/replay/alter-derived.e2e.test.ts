import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope, EventType } from '@engram/events';
import { EVENT_CLASSES, isCheckedEvent } from '@engram/runtime/cores';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';
import { hookRunner } from '../hook/hook-runner.js';

/**
 * Every type replay re-derives (or whose store answer it checks): each must be caught when altered.
 * The memory core's answers (checked only against their recorded read) have their own suite,
 * memory-core-check.e2e.test.ts, with logs that hold them.
 */
const afterRead = (t: EventType): boolean => {
  const c = EVENT_CLASSES[t];
  return c.kind === 'answer' && c.afterRead !== undefined;
};
const CHECKED: readonly EventType[] = (Object.keys(EVENT_CLASSES) as EventType[]).filter((t) => EVENT_CLASSES[t].kind !== 'recorded' && !afterRead(t));

/** Logs `engram demo` and `engram run` (the cassettes, autopilot and copilot) write; `poisoned-tool-output` holds a quarantine. */
const cliLogs = (root: string): string[] => {
  const demo = runCli(['demo', '--json', '--home', join(root, 'demo')]);
  expect([demo.status, demo.stderr]).toEqual([0, '']);
  const logs = (JSON.parse(demo.stdout) as { sessions: { eventLog: string }[] }).sessions.map((s) => s.eventLog);
  for (const c of ['answer-42', 'fails-repeatedly', 'poisoned-tool-output'])
    for (const memory of ['autopilot', 'copilot']) {
      const dir = join(root, `run-${c}-${memory}`);
      const r = runCli(['run', '--task', 'Load the data', '--llm', `scripted:${join(ROOT, `tests/fixtures/run/${c}.cassette.json`)}`, '--json', '--home', join(dir, 'home'), '--project', join(dir, 'p')], { ENGRAM_MEMORY_MODE: memory });
      expect(r.status).toBe(0);
      logs.push((JSON.parse(r.stdout) as { eventLog: string }).eventLog);
    }
  return logs;
};

/**
 * A log the hooks write: guards.json tightens Bash, so three identical Bash failures are warned
 * then blocked (`executive.tool.guarded`); a Read that fails on its encoding and then works with
 * one teaches a recovery recipe; the Stop hook ends the turn (lessons, proposals, encodings).
 */
const hookLog = (root: string): string => {
  const project = join(root, 'hooks', 'project');
  mkdirSync(join(project, '.engram'), { recursive: true });
  mkdirSync(join(project, 'legacy'), { recursive: true });
  writeFileSync(join(project, '.engram', 'guards.json'), JSON.stringify({ perTool: { Bash: { warnAt: 1, blockAt: 2 } } }));
  const hook = hookRunner(project, join(root, 'hooks', 'home'));
  const s = { session_id: '44444444-aaaa-4bbb-8ccc-000000000004' };
  hook('session-start', 'session-start', s);
  hook('user-prompt-submit', 'user-prompt-submit', s);
  for (const i of [1, 2, 3]) {
    hook('pre-tool-use', 'pre-tool-use-bash', { ...s, tool_use_id: `toolu_b${i}` });
    if (i < 3) hook('post-tool-use', 'post-tool-use-failure-bash', { ...s, tool_use_id: `toolu_b${i}` });
  }
  hook('pre-tool-use', 'pre-tool-use-read', { ...s, tool_use_id: 'toolu_r1' });
  hook('post-tool-use', 'post-tool-use-failure-read', { ...s, tool_use_id: 'toolu_r1' });
  hook('pre-tool-use', 'pre-tool-use-read', { ...s, tool_use_id: 'toolu_r2', tool_input: { file_path: join(project, 'legacy', 'PAYROLL.cbl'), encoding: 'latin-1' } });
  hook('post-tool-use', 'post-tool-use-read', { ...s, tool_use_id: 'toolu_r2' });
  hook('stop', 'stop', s);
  const events = join(project, '.engram', 'events');
  const files = readdirSync(events).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  return join(events, files[0] ?? '');
};

/** The field an alteration changes: the text of what reaches memory, the breaker's explanation, the executive's counts, else the first string field. */
const alterData = (e: AnyEnvelope): unknown => {
  const data = JSON.parse(JSON.stringify(e.data)) as Record<string, unknown>;
  if (e.type === 'cortex.engram.proposed' || e.type === 'hippocampus.engram.encoded') {
    const engram = data['engram'] as Record<string, unknown>;
    engram['text'] = `${String(engram['text'])} (altered)`;
  } else if (e.type === 'executive.tool.guarded') data['explanation'] = `${String(data['explanation'])} (altered)`;
  else if (e.type === 'executive.round.completed') data['toolCalls'] = Number(data['toolCalls']) + 1;
  else if (e.type === 'executive.turn.completed') data['rounds'] = Number(data['rounds']) + 1;
  else {
    const key = Object.keys(data).find((k) => typeof data[k] === 'string');
    if (key === undefined) throw new Error(`${e.type} has no string field to alter`);
    data[key] = `${String(data[key])} (altered)`;
  }
  return data;
};

interface Found {
  readonly file: string;
  readonly line: number;
  readonly event: AnyEnvelope;
}

describe('engram replay --check catches one altered event of every derived type (built CLI, logs of demo, run and the hooks)', () => {
  let logs: string[] = [];
  const work = mkdtempSync(join(tmpdir(), 'engram-alter-'));
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run node_modules/.bin/tsc -b tsconfig.build.json');
    const root = mkdtempSync(join(tmpdir(), 'engram-alter-logs-'));
    logs = [...cliLogs(root), hookLog(root)];
  }, 300_000);

  it('passes every unaltered log', () => {
    for (const log of logs) {
      const r = runCli(['replay', log, '--check']);
      expect([log, r.status, r.stderr]).toEqual([log, 0, '']);
    }
  });

  it('fails when one event of any derived type has its data altered, for every derived type of the catalog', () => {
    const first = new Map<EventType, Found>();
    for (const file of logs) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((text, line) => {
        if (text.trim() === '') return;
        const event = JSON.parse(text) as AnyEnvelope;
        if (isCheckedEvent(event) && !first.has(event.type)) first.set(event.type, { file, line, event });
      });
    }
    // A derived type that none of these logs holds could be altered unnoticed: the logs must cover them all.
    expect(CHECKED.filter((t) => !first.has(t))).toEqual([]);
    for (const type of CHECKED) {
      const f = first.get(type);
      if (f === undefined) continue;
      const lines = readFileSync(f.file, 'utf8').split('\n');
      lines[f.line] = JSON.stringify({ ...f.event, data: alterData(f.event) });
      const altered = join(work, `${type}.jsonl`);
      writeFileSync(altered, lines.join('\n'));
      const r = runCli(['replay', altered, '--check', '--json']);
      expect([type, r.status]).toEqual([type, 1]);
      const out = JSON.parse(r.stdout) as { check: { ok: boolean; divergences: number } };
      expect([type, out.check.ok]).toEqual([type, false]);
    }
  });
});
