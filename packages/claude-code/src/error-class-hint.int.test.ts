import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookName } from './hook-payload.js';
import { runHook } from './run-hook.js';

const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-hint-'));
  const project = join(root, 'project');
  mkdirSync(project, { recursive: true });
  const env = { ENGRAM_HOME: join(root, 'home'), ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
  const hook = async (name: HookName, payload: object) => {
    let err = '';
    const output = await runHook(name, JSON.stringify({ session_id: 'claude-1', cwd: project, ...payload }), { env, warn: (m) => void (err += `${m}\n`) });
    const context = (output as { hookSpecificOutput?: { additionalContext?: string } } | null)?.hookSpecificOutput?.additionalContext ?? '';
    return { err, context };
  };
  return { project, hook };
};

const failure = (id: string, tool: string, input: object, error: string) => ({ hook_event_name: 'PostToolUseFailure', tool_name: tool, tool_input: input, tool_use_id: id, error });

describe('error-class hints through the post-tool-use hook', () => {
  it("puts the failed tool's error class and recovery hint in additionalContext, once per tool and class per turn", async () => {
    const t = setUp();
    await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'summarise the data' });
    const first = await t.hook('post-tool-use', failure('a', 'Read', { file_path: 'data/sales.csv' }, "ENOENT: no such file or directory, open 'data/sales.csv'"));
    expect(first.err).toBe('');
    expect(first.context).toContain('Read failed with a path-not-found error (data/sales.csv).');
    expect(first.context).toContain('Check the path exists before using it');
    const again = await t.hook('post-tool-use', failure('b', 'Read', { file_path: 'data/sales2.csv' }, "ENOENT: no such file or directory, open 'data/sales2.csv'"));
    expect(again.context).not.toContain('path-not-found error');
    const other = await t.hook('post-tool-use', failure('c', 'Bash', { command: 'touch /etc/x' }, 'touch: cannot touch /etc/x: Permission denied'));
    expect(other.context).toContain('Bash failed with a permission error');
    // An error no rule names gets no hint: the generic advice after every failure would be noise.
    const unknown = await t.hook('post-tool-use', failure('d', 'WebFetch', { url: 'https://example.com' }, 'the page said no'));
    expect(unknown.context).not.toContain('failed with a');
    // A new turn may hint the same class again.
    await t.hook('stop', { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' });
    await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'again' });
    const next = await t.hook('post-tool-use', failure('e', 'Read', { file_path: 'x.csv' }, "ENOENT: no such file or directory, open 'x.csv'"));
    expect(next.context).toContain('Read failed with a path-not-found error');
  });

  it('a broken acc.json is reported and the default thresholds apply (the hook fails open)', async () => {
    const t = setUp();
    mkdirSync(join(t.project, '.engram'), { recursive: true });
    writeFileSync(join(t.project, '.engram', 'acc.json'), JSON.stringify({ name: 'x', params: { minKills: 'two' } }));
    const r = await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'go' });
    expect(r.err).toMatch(/acc\.json: field "params\.minKills".*using the default detector thresholds/);
  });
});
