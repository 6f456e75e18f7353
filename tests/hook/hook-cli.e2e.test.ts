import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InstinctStore, type Instinct } from '@engram/basal-ganglia';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../cli/run-cli.js';
import { loadFixtures } from '../support/load-fixtures.js';

type Payload = Record<string, unknown> & { why: string };
const fixtures = new Map(loadFixtures<Payload>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));

interface HookRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The parsed `hookSpecificOutput`, or null when the hook printed nothing. */
  readonly output: Record<string, unknown> | null;
}

const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-e2e-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, 'legacy'), { recursive: true });
  // A pinned environment: nothing inherited from a Claude Code session running the tests.
  const env = { ENGRAM_HOME: home, ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active', CLAUDE_PROJECT_DIR: '' };
  /** Pipes a recorded payload (with `$PROJECT` filled in and fields overridden) through the built `engram hook`. */
  const hook = (command: string, fixture: string, override: Record<string, unknown> = {}): HookRun => {
    const recorded = fixtures.get(fixture);
    if (recorded === undefined) throw new Error(`no fixture ${fixture}`);
    const payload = { ...(JSON.parse(JSON.stringify(recorded).replaceAll('$PROJECT', project)) as Payload), ...override };
    const r = spawnSync(process.execPath, [BIN, 'hook', command], { input: JSON.stringify(payload), encoding: 'utf8', env: { ...process.env, ...env }, cwd: ROOT, timeout: 120_000 });
    const output = r.stdout.trim() === '' ? null : ((JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput ?? null);
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, output };
  };
  const logFile = () => {
    const dir = join(project, '.engram', 'events');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    return join(dir, files[0] ?? '');
  };
  const events = (): AnyEnvelope[] => readLogFile(logFile()).events;
  return { project, home, hook, logFile, events };
};

/** A habit the basal ganglia promoted earlier, so session start has one to show. */
const promotedHabit = (): Instinct => ({
  id: 'chain:Grep>Read>Edit',
  kind: 'chain',
  tools: ['Grep', 'Read', 'Edit'],
  description: 'Frequent tool chain: Grep->Read->Edit',
  status: 'promoted',
  confidence: 0.95,
  frequency: 0.95,
  consistency: 1,
  observations: 30,
  selfConfirmed: 0,
  sessions: 4,
  sessionsInWindow: 3,
  firstSeen: '2026-11-01T10:00:00.000Z',
  lastSeen: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  promotedAt: '2026-11-20T10:00:00.000Z',
  archivedAt: null,
  archiveReason: null,
});

const FALLBACKS = [{ tool: 'Read', match: { target: '*.cbl' }, steps: [{ name: 'utf-8', patch: {} }, { name: 'latin-1', patch: { encoding: 'latin-1' } }] }];

describe('engram hook (built CLI, recorded Claude Code payloads)', () => {
  const t = setUp();
  const runs: Record<string, HookRun> = {};
  const seen: string[] = [];
  /** Runs a hook and keeps its result under a name for the assertions below. */
  const step = (name: string, command: string, fixture: string, override: Record<string, unknown> = {}) => {
    const r = t.hook(command, fixture, override);
    runs[name] = r;
    seen.push(`${name}: ${r.status} ${r.stderr}`);
    return r;
  };

  beforeAll(async () => {
    mkdirSync(join(t.home, 'memory'), { recursive: true });
    writeFileSync(join(t.home, 'memory', 'rules.md'), '# Rules\n\n## Always\n- Run the unit tests before saying a change is done.\n');
    await new InstinctStore(join(t.project, '.engram', 'instincts')).write({ active: [promotedHabit()], archived: [], promoted: [], promotable: [] });
    writeFileSync(join(t.project, '.engram', 'fallbacks.json'), JSON.stringify(FALLBACKS));

    step('start', 'session-start', 'session-start');
    step('prompt', 'user-prompt-submit', 'user-prompt-submit');
    for (const i of [1, 2, 3, 4]) {
      const id = `toolu_bash_${i}`;
      step(`bash-pre-${i}`, 'pre-tool-use', 'pre-tool-use-bash', { tool_use_id: id });
      // The fourth call is denied, so Claude Code never runs it and sends no result.
      if (i < 4) step(`bash-post-${i}`, 'post-tool-use', 'post-tool-use-failure-bash', { tool_use_id: id });
    }
    step('read-pre-1', 'pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_1' });
    step('read-post-1', 'post-tool-use', 'post-tool-use-failure-read', { tool_use_id: 'toolu_read_1' });
    const latin = { file_path: join(t.project, 'legacy', 'PAYROLL.cbl'), encoding: 'latin-1' };
    step('read-pre-2', 'pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_2', tool_input: latin });
    step('read-post-2', 'post-tool-use', 'post-tool-use-read', { tool_use_id: 'toolu_read_2' });
    step('read-pre-3', 'pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_read_3', tool_input: { file_path: join(t.project, 'legacy', 'LEDGER.cbl') } });
    step('stop', 'stop', 'stop');
  }, 600_000);

  it('exits 0 with nothing on stderr for every hook', () => {
    expect(seen.filter((s) => !/: 0 $/.test(s))).toEqual([]);
  });

  it('session start prints the memory block, the promoted habits, as SessionStart context', () => {
    const out = runs['start']?.output;
    expect(out?.['hookEventName']).toBe('SessionStart');
    expect(out?.['additionalContext']).toMatch(/Run the unit tests before saying a change is done\./);
    expect(out?.['additionalContext']).toMatch(/Frequent tool chain: Grep->Read->Edit/);
    // Memory did not change since it was shown: the prompt does not repeat it.
    expect(runs['prompt']?.stdout).toBe('');
  });

  it('the circuit breaker: the third identical failing Bash call is allowed with a warning, the fourth is denied with the reason', () => {
    // Before the first call the model gets the advice relevant to it (the stored rule), once a turn.
    expect(runs['bash-pre-1']?.output?.['permissionDecision']).toBeUndefined();
    expect(runs['bash-pre-1']?.output?.['additionalContext']).toMatch(/Run the unit tests before saying a change is done/);
    // The retry of a call that failed with nothing changed since is warned (issue 24), before the breaker's count is reached.
    expect(runs['bash-pre-2']?.output?.['permissionDecision']).toBeUndefined();
    expect(runs['bash-pre-2']?.output?.['additionalContext']).toMatch(/already failed in this turn with .*, and no file has changed since/);
    const warned = runs['bash-pre-3']?.output;
    expect(warned?.['permissionDecision']).toBeUndefined(); // never "allow": that would skip the user's permission prompt
    expect(warned?.['additionalContext']).toMatch(/engram: this exact Bash command has failed 2 times in a row this turn with /);
    const denied = runs['bash-pre-4']?.output;
    expect(denied).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(denied?.['permissionDecisionReason']).toMatch(/^engram: this exact Bash command failed 3 times this turn with .*; change the command or its arguments before retrying/);
    // The ACC's self-check reaches the model after the second failure.
    expect(runs['bash-post-2']?.output).toMatchObject({ hookEventName: 'PostToolUseFailure' });
    expect(runs['bash-post-2']?.output?.['additionalContext']).toMatch(/don't retry it with the same arguments/);
  });

  it('a fallback chain: a failure advises the next step, the success is recorded, the next file of that kind gets the step', () => {
    const payroll = join(t.project, 'legacy', 'PAYROLL.cbl');
    expect(runs['read-pre-1']?.output).toBeNull();
    expect(runs['read-post-1']?.output?.['additionalContext']).toContain(`try step "latin-1" next: retry the same call with exactly this input: ${JSON.stringify({ file_path: payroll, encoding: 'latin-1' })}`);
    expect(runs['read-post-2']?.output?.['additionalContext']).toMatch(/fallback step "latin-1" of Read worked/);
    const resolved = t.events().filter((e) => e.type === 'executive.fallback.resolved');
    expect(resolved.map((e) => e.data)).toEqual([
      {
        tool: 'Read',
        target: payroll,
        worked: 'latin-1',
        attempts: [
          { step: 'utf-8', ok: false, error: "'utf-8' codec can't decode byte 0xdc in position 1: invalid continuation byte" },
          { step: 'latin-1', ok: true, error: '' },
        ],
      },
    ]);
    expect(runs['read-pre-3']?.output).toMatchObject({ updatedInput: { file_path: join(t.project, 'legacy', 'LEDGER.cbl'), encoding: 'latin-1' } });
    expect(runs['read-pre-3']?.output?.['permissionDecision']).toBeUndefined();
  });

  it('stop ends the turn and learns: the repeated failure is a lesson in the memory files', () => {
    expect(runs['stop']?.stdout).toBe('');
    const events = t.events();
    expect(events.filter((e) => e.type === 'executive.session.started')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'executive.turn.completed')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'executive.session.ended')).toHaveLength(0);
    const lessons = events.flatMap((e) => (e.type === 'acc.lesson.detected' ? [e.data.lessonId] : []));
    expect(lessons).toContain('acc.repeated-tool-error');
    expect(events.some((e) => e.type === 'hippocampus.engram.encoded')).toBe(true);
    expect(readFileSync(join(t.home, 'memory', 'rules.md'), 'utf8')).toMatch(/don't retry it with the same arguments/);
    // The denied call never ran: no result was recorded for it.
    expect(events.filter((e) => e.type === 'executive.tool.resulted' && e.data.toolUseId === 'toolu_bash_4')).toEqual([]);
  });

  it('the log written by fifteen hook processes replays: engram replay --check exits 0', () => {
    const r = runCli(['replay', t.logFile(), '--check']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/check: ok/);
    expect(r.status).toBe(0);
  });

  it('a Stop while a Stop hook keeps Claude going writes nothing', () => {
    const before = readFileSync(t.logFile(), 'utf8');
    const r = t.hook('stop', 'stop-hook-active');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    expect(readFileSync(t.logFile(), 'utf8')).toBe(before);
  });

  it('a malformed payload exits 0, names the field on stderr, prints nothing and leaves the log as it was', () => {
    const before = readFileSync(t.logFile(), 'utf8');
    const r = t.hook('pre-tool-use', 'malformed-pre-tool-use');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^engram hook pre-tool-use: field "tool_input": expected an object, got string\n$/);
    const wrongEvent = t.hook('stop', 'user-prompt-submit');
    expect(wrongEvent.status).toBe(0);
    expect(wrongEvent.stderr).toMatch(/field "hook_event_name": engram hook stop handles Stop, got "UserPromptSubmit"/);
    expect(readFileSync(t.logFile(), 'utf8')).toBe(before);
  });

  it('a usage mistake in settings.json exits 1 (a non-blocking error), never 2 (which blocks the tool)', () => {
    const r = runCli(['hook', 'pre-tool-call']);
    expect(r.status).toBe(1);
    expect(runCli(['hook', '--help']).stdout).toMatch(/pre-tool-use/);
  });
});
