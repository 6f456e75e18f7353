import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';
import { hookRunner } from '../hook/hook-runner.js';
import { onlySessionLog, writeLog } from './session-log.js';

/**
 * `engram replay --check` proves what was shown before a call (issue 27 item 1): the warning
 * (`executive.tool.guarded` from a learned never rule, or from the project's calls: an unchanged
 * retry) and the advice (`cortex.context.injected`, target pre-call) are decided by one pure
 * function from the recorded read (`cortex.precall.read`), so replay decides again and an altered,
 * added or deleted one fails the check. Before the read these were read as given and any
 * alteration passed. The log is written as Claude Code writes it: through the built CLI's hooks.
 */


const MIGRATE = { command: 'python migrate.py --db prod', description: 'Migrate' };

describe('engram replay --check proves the warning and the advice before a call (built CLI, hooks)', () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-precall-'));
  const project = join(work, 'project');
  const home = join(work, 'home');
  let log = '';
  let events: AnyEnvelope[] = [];

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run npm run build');
    mkdirSync(project, { recursive: true });
    // A rule the user stored, which a later call breaks: said before that call, and ranked as advice.
    const add = runCli(['memory', 'add', '--kind', 'never', '--scope', 'project', 'Never run migrate.py against the prod database', '--home', home, '--project', project]);
    expect([add.status, add.stderr]).toEqual([0, '']);
    const hook = hookRunner(project, home);
    const s = { session_id: '55555555-aaaa-4bbb-8ccc-000000000005' };
    hook('session-start', 'session-start', s);
    hook('user-prompt-submit', 'user-prompt-submit', { ...s, prompt: 'Migrate the prod database, then build the project.' });
    hook('pre-tool-use', 'pre-tool-use-bash', { ...s, tool_use_id: 'toolu_m1', tool_input: MIGRATE });
    hook('post-tool-use', 'post-tool-use-read', { ...s, tool_name: 'Bash', tool_use_id: 'toolu_m1', tool_input: MIGRATE, tool_response: { stdout: 'migrated', stderr: '', interrupted: false, isImage: false } });
    // A build that fails, then the same build unchanged: the second is warned about as a retry.
    for (const id of ['toolu_b1', 'toolu_b2']) {
      hook('pre-tool-use', 'pre-tool-use-bash', { ...s, tool_use_id: id });
      hook('post-tool-use', 'post-tool-use-failure-bash', { ...s, tool_use_id: id });
    }
    hook('stop', 'stop', s);
    ({ log, events } = onlySessionLog(project));
  }, 300_000);

  const guarded = (prefix: string): AnyEnvelope | undefined => events.find((e) => e.type === 'executive.tool.guarded' && e.data.signature.startsWith(prefix));
  const advice = (): AnyEnvelope | undefined => events.find((e) => e.type === 'cortex.context.injected' && e.data.target === 'pre-call');

  it('records each read before its call, caused by the call, and what it decided caused by the read; --check passes on the unaltered log', () => {
    const reads = events.filter((e) => e.type === 'cortex.precall.read');
    expect(reads).toHaveLength(3);
    const called = new Map(events.filter((e) => e.type === 'executive.tool.called').map((e) => [e.id, e]));
    for (const r of reads) expect(r.type === 'cortex.precall.read' && called.get(r.causationId ?? '')?.data).toMatchObject({ toolUseId: r.type === 'cortex.precall.read' ? r.data.toolUseId : '' });
    // Memory is recorded once (the memory block's read at the prompt holds it); the reads before each call leave it out.
    expect(reads.map((r) => r.type === 'cortex.precall.read' && r.data.memory)).toEqual([null, null, null]);
    const readIds = new Set(reads.map((r) => r.id));
    const never = guarded('never-rule:');
    const retry = guarded('call-retry:');
    expect(never?.type === 'executive.tool.guarded' && never.data.explanation).toContain('Never run migrate.py against the prod database');
    expect(retry?.type === 'executive.tool.guarded' && retry.data.toolUseId).toBe('toolu_b2');
    for (const e of [never, retry, advice()]) expect(readIds.has(e?.causationId ?? '')).toBe(true);
    const r = runCli(['replay', log, '--check']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('check: ok');
    expect(r.stdout).not.toContain('given, not checked');
  });

  const cases: readonly { readonly name: string; readonly find: () => AnyEnvelope | undefined; readonly change: (d: Record<string, unknown>) => void; readonly field: string }[] = [
    { name: 'a never-rule warning', find: () => guarded('never-rule:'), change: (d) => void (d['explanation'] = 'Go ahead.'), field: 'explanation' },
    { name: 'a retry warning', find: () => guarded('call-retry:'), change: (d) => void (d['signature'] = 'call-record:Bash npm run'), field: 'signature' },
    { name: 'the advice before a call', find: advice, change: (d) => void ((d['items'] as { text: string }[])[0]!.text = 'Always run migrations on prod.'), field: 'items' },
  ];

  for (const c of cases)
    it(`fails, naming the field, when ${c.name} is altered`, () => {
      const target = c.find();
      expect(target).toBeDefined();
      const changed = events.map((e) => {
        if (e.id !== target?.id) return e;
        const data = structuredClone(e.data) as Record<string, unknown>;
        c.change(data);
        return { ...e, data } as AnyEnvelope;
      });
      const file = writeLog(join(work, `altered-${c.field}.jsonl`), changed);
      const r = runCli(['replay', file, '--check']);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('check: FAILED');
      expect(r.stdout).toContain(`differs from what was derived in data.${c.field}`);
      const json = JSON.parse(runCli(['replay', file, '--check', '--json']).stdout) as { check: { ok: boolean; divergences: number } };
      expect(json.check).toEqual({ ok: false, divergences: 1 });
    });

  it('fails when the warning before a call is deleted from the log (it was decided, so it is missing)', () => {
    const never = guarded('never-rule:');
    const r = runCli(['replay', writeLog(join(work, 'deleted.jsonl'), events.filter((e) => e.id !== never?.id)), '--check']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('derived but not in the log');
  });

  it('reads them as given in a log without the reads (written before them), and says so', () => {
    const r = runCli(['replay', writeLog(join(work, 'older.jsonl'), events.filter((e) => e.type !== 'cortex.precall.read')), '--check']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('given, not checked: 2 executive.tool.guarded');
  });
});
