import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStream } from '@engram/events/testing';
import { JsonlLogWriter } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli } from './run-cli.js';

const SESSION = '20261122_031500_ab12';

/** A real log written by the store: one turn with a killed cell. */
const writeLog = async (): Promise<string> => {
  const file = join(mkdtempSync(join(tmpdir(), 'engram-cli-')), `${SESSION}.jsonl`);
  const w = new JsonlLogWriter(file, SESSION);
  await w.append(buildStream([['executive.session.started'], ['executive.turn.started', {}, { turn: 1 }], ['scratchpad.cell.killed', {}, { turn: 1 }], ['executive.turn.completed', {}, { turn: 1 }]]));
  await w.append(buildStream([['executive.turn.started', {}, { turn: 2 }], ['executive.turn.completed', {}, { turn: 2 }]]));
  w.close();
  return file;
};

describe('engram --help', () => {
  it('describes every command', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    for (const c of ['demo', 'log', 'bench']) expect(r.stdout).toContain(c);
    const log = runCli(['log', '--help']);
    for (const c of ['validate', 'stats', 'tail']) expect(log.stdout).toContain(c);
    expect(runCli(['log', 'validate', '--help']).stdout).toMatch(/file:line:\s+field: problem/);
  });

  it('exits 2 on a usage error', () => {
    const r = runCli(['log', 'frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command/);
  });
});

describe('engram log validate', () => {
  it('exits 0 on a clean log written by the store', async () => {
    const file = await writeLog();
    const r = runCli(['log', 'validate', file]);
    expect(r.stdout).toContain(`${file}: 6 events, clean`);
    expect(r.status).toBe(0);
  });

  it('exits 1 listing file:line: field: problem for each bad line, the torn tail included', async () => {
    const file = await writeLog();
    appendFileSync(file, '{"seq":7,"id":"x","at":"2026-11-22T03:15:00Z","sessionId":"s","turn":1,"round":0,"source":"acc","causationId":null,"type":"acc.lesson.detected","v":1,"data":{"lessonId":"a"}}\n');
    appendFileSync(file, '{"seq":8,"id":"tor');
    const r = runCli(['log', 'validate', file]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain(`${file}:7: data.detector: Invalid input: expected string, received undefined`);
    expect(lines.some((l) => l.startsWith(`${file}:8: (line): torn last line`))).toBe(true);
    const json = JSON.parse(runCli(['log', 'validate', file, '--json']).stdout) as { ok: boolean; files: { events: number; problems: { line: number }[] }[] };
    expect(json.ok).toBe(false);
    expect(json.files[0]?.events).toBe(6);
    expect(new Set(json.files[0]?.problems.map((p) => p.line))).toEqual(new Set([7, 8]));
  });

  it('exits 1 for a missing file', () => {
    expect(runCli(['log', 'validate', '/nonexistent/x.jsonl']).status).toBe(1);
  });
});

describe('engram log stats', () => {
  it('counts events by type, sessions, turns and the time span', async () => {
    const file = await writeLog();
    const r = runCli(['log', 'stats', file, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      events: 6,
      problems: 0,
      sessions: [SESSION],
      turns: 2,
      byType: { 'executive.session.started': 1, 'executive.turn.started': 2, 'executive.turn.completed': 2, 'scratchpad.cell.killed': 1 },
      spanSeconds: 1,
    });
    const text = runCli(['log', 'stats', file]);
    expect(text.stdout).toMatch(/turns\s+2/);
  });
});

describe('engram log tail', () => {
  it('prints the last N events', async () => {
    const file = await writeLog();
    const r = runCli(['log', 'tail', file, '-n', '2', '--json']);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([5, 6]);
  });

  it('--follow prints events appended after it started', async () => {
    const file = await writeLog();
    const child = spawnCli(['log', 'tail', file, '-n', '1', '--follow', '--json']);
    let out = '';
    const seen = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('"seq":7')) resolve();
      });
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const w = new JsonlLogWriter(file, SESSION);
    await w.append(buildStream([['executive.session.ended']]));
    w.close();
    await seen;
    child.kill('SIGTERM');
    expect(out.trim().split('\n').map((l) => (JSON.parse(l) as { seq: number; type: string }).type)).toEqual(['executive.turn.completed', 'executive.session.ended']);
  });
});
