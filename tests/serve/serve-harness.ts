import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { pingService } from '@engram/serve/client';
import { BIN, ENGRAM, ROOT } from '../cli/run-cli.js';
import { loadFixtures } from '../support/load-fixtures.js';

type Payload = Record<string, unknown> & { why: string };
const fixtures = new Map(loadFixtures<Payload>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));

/** A throwaway home and project, and a pinned environment (nothing inherited from a Claude Code session running the tests). */
export const world = (name: string) => {
  const root = mkdtempSync(join(tmpdir(), `engram-serve-${name}-`));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(join(project, 'legacy'), { recursive: true });
  // A rule in memory, so a session start has a block to print.
  mkdirSync(join(home, 'memory'), { recursive: true });
  writeFileSync(join(home, 'memory', 'rules.md'), '# Rules\n\n## Always\n- Run the unit tests before saying a change is done.\n');
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_HOME: home, ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active', CLAUDE_PROJECT_DIR: '', ENGRAM_SERVE: '' };
  return { root, home, project, env };
};
export type World = ReturnType<typeof world>;

export interface HookRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly output: Record<string, unknown> | null;
}

/** The payload of a recorded fixture with `$PROJECT` filled in and fields overridden. */
export const payloadOf = (w: World, fixture: string, override: Record<string, unknown> = {}): string => {
  const recorded = fixtures.get(fixture);
  if (recorded === undefined) throw new Error(`no fixture ${fixture}`);
  return JSON.stringify({ ...(JSON.parse(JSON.stringify(recorded).replaceAll('$PROJECT', w.project)) as Payload), ...override });
};

/**
 * Pipes a payload through the built `engram hook <command>`: the launcher's fast path, or with
 * `w.command` the `engram` command (bin/engram), as Claude Code's settings name it.
 */
export const hook = (w: World & { readonly command?: boolean }, command: string, fixture: string, override: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = {}, args: readonly string[] = []): HookRun => {
  const [file, ...before] = w.command === true ? [ENGRAM] : [process.execPath, BIN];
  const r = spawnSync(file ?? '', [...before, 'hook', command, ...args], { input: payloadOf(w, fixture, override), encoding: 'utf8', env: { ...w.env, ...env }, cwd: ROOT, timeout: 120_000 });
  const output = r.stdout.trim() === '' ? null : ((JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput ?? null);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, output };
};

/** Waits (bounded) until `check` holds. */
export const waitFor = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

export interface Served {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts `engram serve` for the world's home as a child and waits until it answers a ping. */
export const startServe = async (w: World, args: readonly string[] = []): Promise<Served> => {
  const served = spawnServe(w, args);
  await waitFor('engram serve to answer', async () => (await pingService(w.home, 2_000))?.pid === served.child.pid);
  return served;
};

/** Starts `engram serve` for the world's home without waiting for it. */
export const spawnServe = (w: World, args: readonly string[] = []): Served => {
  const child = spawn(process.execPath, [BIN, 'serve', '--home', w.home, '--idle-exit-ms', '120000', ...args], { cwd: ROOT, env: w.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((r) => child.on('exit', (code, signal) => r({ code, signal, stderr })));
  return { child, exited };
};

/**
 * A log's events in a form two runs can be compared by: no times; event ids as the seq they name;
 * other made-up ids (a process prefix and a counter, or a hash of them) by order of first
 * appearance; paths and the session id as placeholders.
 */
export const normalizedLog = (events: readonly AnyEnvelope[], w: World): unknown[] => {
  const seqOf = new Map(events.map((e) => [e.id, e.seq]));
  const other = new Map<string, number>();
  const sessionId = events[0]?.sessionId ?? '';
  return events.map((e) => {
    const data = JSON.stringify(e.data)
      .replaceAll(w.project, '$PROJECT')
      .replaceAll(w.home, '$HOME')
      .replaceAll(sessionId, '$SESSION')
      .replace(/[0-9a-f]{16}(?:-[0-9a-z]+)?/g, (id) => {
        const seq = seqOf.get(id);
        if (seq !== undefined) return `#${seq}`;
        if (!other.has(id)) other.set(id, other.size);
        return `@${other.get(id) ?? -1}`;
      })
      .replace(/"durationMs":\d+/g, '"durationMs":0')
      // When each world wrote its memory (the memory block's recorded read holds the entries), and
      // when its calls ran (the pre-call read holds the record it read, with each key's last run).
      .replace(/"updatedAt":"[^"]*"/g, '"updatedAt":"$TIME"')
      .replace(/"(at|seenAt|firstSeen|lastSeen)":("\d{4}-[^"]*"|\d{13})/g, '"$1":"$TIME"');
    return { seq: e.seq, turn: e.turn, round: e.round, source: e.source, type: e.type, v: e.v, cause: e.causationId === null ? null : (seqOf.get(e.causationId) ?? 'outside'), data: JSON.parse(data) as unknown };
  });
};

/** A hook's printed answer in a form two worlds can be compared by. */
export const normalizedRun = (r: HookRun, w: World) => ({ status: r.status, stderr: r.stderr, stdout: r.stdout.replaceAll(w.project, '$PROJECT').replaceAll(w.home, '$HOME') });
