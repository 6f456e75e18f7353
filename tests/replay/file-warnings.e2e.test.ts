import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';
import { hookRunner } from '../hook/hook-runner.js';
import { onlySessionLog, writeLog } from './session-log.js';

/**
 * Issue 24, round 6: the commonest repeat of a coding agent within a task is `rm a b c` failing on
 * a file it never made, then `rm a b` failing on the files the first one removed; and running a
 * script it believes it wrote. The warnings come from what the turn's calls removed, wrote and
 * showed, through the built CLI's hooks as Claude Code runs them, and `replay --check` proves each
 * one from the recorded read (an altered one fails the check).
 */


describe('warnings about removed and unseen files (built CLI, hooks, replay --check)', () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-file-warnings-'));
  const project = join(work, 'project');
  const home = join(work, 'home');
  const said = new Map<string, string>();
  let log = '';
  let events: AnyEnvelope[] = [];

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run npm run build');
    mkdirSync(project, { recursive: true });
    const hook = hookRunner(project, home);
    const s = { session_id: '66666666-aaaa-4bbb-8ccc-000000000006' };
    hook('session-start', 'session-start', s);
    hook('user-prompt-submit', 'user-prompt-submit', { ...s, prompt: 'Fix the bug, then clean up the scripts you wrote.' });
    let n = 0;
    const call = (command: string, result: { readonly ok: true; readonly stdout: string } | { readonly ok: false; readonly error: string }): void => {
      const id = `toolu_f${n++}`;
      const tool_input = { command, description: 'step' };
      const before = hook('pre-tool-use', 'pre-tool-use-bash', { ...s, tool_use_id: id, tool_input });
      const text = JSON.stringify(before ?? {});
      said.set(command, text);
      if (result.ok) hook('post-tool-use', 'post-tool-use-read', { ...s, tool_name: 'Bash', tool_use_id: id, tool_input, tool_response: { stdout: result.stdout, stderr: '', interrupted: false, isImage: false } });
      else hook('post-tool-use', 'post-tool-use-failure-bash', { ...s, tool_use_id: id, tool_input, error: result.error });
    };
    call('ls', { ok: true, stdout: 'README.md\nsetup.py\nsrc' });
    call("cat <<'EOF' > repro.py\nprint('bug')\nEOF", { ok: true, stdout: '' });
    call('python repro.py', { ok: true, stdout: 'bug' });
    call('python apply_fix.py', { ok: false, error: "Exit code 2\npython: can't open file '/p/apply_fix.py': [Errno 2] No such file or directory" });
    call('rm repro.py notes.txt', { ok: false, error: "Exit code 1\nrm: cannot remove 'notes.txt': No such file or directory" });
    call('rm repro.py', { ok: false, error: "Exit code 1\nrm: cannot remove 'repro.py': No such file or directory" });
    hook('stop', 'stop', s);
    ({ log, events } = onlySessionLog(project));
  }, 300_000);

  const guarded = (toolUseId: string): AnyEnvelope | undefined => events.find((e) => e.type === 'executive.tool.guarded' && e.data.toolUseId === toolUseId);

  it('warns before a script no output named and the turn never wrote, before rm of such a file, and before rm of a file the turn removed; not before what it wrote or saw', () => {
    expect(said.get('python apply_fix.py')).toContain("`apply_fix.py` was not written in this turn and no output named it");
    expect(said.get('rm repro.py notes.txt')).toContain('`notes.txt` was not written in this turn');
    expect(said.get('rm repro.py')).toContain('`repro.py` is not there any more: this turn removed it (by `rm repro.py notes.txt`)');
    for (const command of ['ls', 'python repro.py']) expect(said.get(command)).not.toContain('engram:');
    expect([guarded('toolu_f3'), guarded('toolu_f4'), guarded('toolu_f5')].every((e) => e !== undefined)).toBe(true);
  });

  it('replay --check derives each warning from its recorded read, and fails when one is altered', () => {
    const ok = runCli(['replay', log, '--check']);
    expect([ok.status, ok.stderr]).toEqual([0, '']);
    expect(ok.stdout).toContain('check: ok');
    const target = guarded('toolu_f5');
    const altered = events.map((e) => (e.id === target?.id ? ({ ...e, data: { ...e.data, explanation: 'Go ahead.' } } as AnyEnvelope) : e));
    const r = runCli(['replay', writeLog(join(work, 'altered.jsonl'), altered), '--check']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('differs from what was derived in data.explanation');
  });
});
