import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookName } from './hook-payload.js';
import { runHook } from './run-hook.js';

/** One home, two projects, hooks called as Claude Code calls them (real files, the real session logs). */
const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-call-lesson-'));
  const env = { ENGRAM_HOME: join(root, 'home'), ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
  const project = (name: string) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const hook = async (name: HookName, cwd: string, session: string, payload: object) => {
    let err = '';
    const output = await runHook(name, JSON.stringify({ session_id: session, cwd, ...payload }), { env, warn: (m) => void (err += `${m}\n`) });
    const o = (output as { hookSpecificOutput?: { additionalContext?: string; permissionDecision?: string } } | null)?.hookSpecificOutput;
    return { err, context: o?.additionalContext ?? '', denied: o?.permissionDecision === 'deny' };
  };
  return { project, hook };
};

const bash = (id: string, command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: id });
const PYTEST_MISSING = "Exit code 1\nTraceback (most recent call last):\n  File \"<frozen runpy>\", line 198, in _run_module_as_main\nModuleNotFoundError: No module named 'pytest'";

describe('call lessons through the Claude Code hooks (issue 24)', () => {
  it('a failure and its recovery in session 1 of a project give a warning before the same failing call in session 2 of that project, and none in another project', async () => {
    const t = setUp();
    const shop = t.project('shop');
    const other = t.project('other');

    // Session 1 in `shop`: the test runner is not installed; the project's own runner works.
    await t.hook('user-prompt-submit', shop, 's1', { hook_event_name: 'UserPromptSubmit', prompt: 'fix the failing discount test' });
    // Three tries of the missing runner (a warning needs a record: one failure is an anecdote).
    const first = await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a1', 'cd /repo && python -m pytest tests/test_discount.py -q') });
    expect(first.context).toBe('');
    await t.hook('post-tool-use', shop, 's1', { hook_event_name: 'PostToolUseFailure', ...bash('a1', 'cd /repo && python -m pytest tests/test_discount.py -q'), error: PYTEST_MISSING });
    const tries: readonly (readonly [string, string])[] = [['a1b', 'pip list > installed.txt'], ['a1c', 'python -m pytest tests'], ['a1d', 'pip list > installed.txt'], ['a1e', 'python -m pytest -q']];
    for (const [id, command] of tries) {
      await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash(id, command) });
      await t.hook('post-tool-use', shop, 's1', command.startsWith('pip') ? { hook_event_name: 'PostToolUse', ...bash(id, command), tool_response: { stdout: '', stderr: '', interrupted: false } } : { hook_event_name: 'PostToolUseFailure', ...bash(id, command), error: PYTEST_MISSING });
    }
    await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a2', 'python tests/runtests.py discount') });
    const ok = await t.hook('post-tool-use', shop, 's1', { hook_event_name: 'PostToolUse', ...bash('a2', 'python tests/runtests.py discount'), tool_response: { stdout: 'Ran 3 tests\nOK', stderr: '', interrupted: false } });
    expect(ok.err).toBe('');
    await t.hook('stop', shop, 's1', { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' });
    const file = join(shop, '.engram', 'call-lessons.json');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('python -m pytest');

    // Session 2 in `shop`: an unrelated call hears nothing; the same mistake is warned about, once, with its recovery.
    await t.hook('user-prompt-submit', shop, 's2', { hook_event_name: 'UserPromptSubmit', prompt: 'make the tax rounding right' });
    const ls = await t.hook('pre-tool-use', shop, 's2', { hook_event_name: 'PreToolUse', ...bash('b0', 'ls -la src') });
    expect(ls.context).toBe('');
    await t.hook('post-tool-use', shop, 's2', { hook_event_name: 'PostToolUse', ...bash('b0', 'ls -la src'), tool_response: { stdout: 'tax.py', stderr: '', interrupted: false } });
    const warned = await t.hook('pre-tool-use', shop, 's2', { hook_event_name: 'PreToolUse', ...bash('b1', 'python3 -m pytest tests/test_tax.py') });
    expect(warned.denied).toBe(false);
    expect(warned.context).toContain('`python -m pytest`');
    expect(warned.context).toContain("ModuleNotFoundError: No module named 'pytest'");
    expect(warned.context).toContain('`python runtests.py`');
    expect(warned.context).not.toContain('more characters');
    await t.hook('post-tool-use', shop, 's2', { hook_event_name: 'PostToolUseFailure', ...bash('b1', 'python3 -m pytest tests/test_tax.py'), error: PYTEST_MISSING });
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { lessons: { use: { shown: number; ignored: number } }[] };
    expect(stored.lessons[0]?.use).toMatchObject({ shown: 1, ignored: 1 });

    // Another project never hears the first project's lesson.
    await t.hook('user-prompt-submit', other, 's3', { hook_event_name: 'UserPromptSubmit', prompt: 'add a test' });
    const elsewhere = await t.hook('pre-tool-use', other, 's3', { hook_event_name: 'PreToolUse', ...bash('c1', 'python -m pytest tests') });
    expect(elsewhere.context).toBe('');
  }, 60_000);

  // Why: nothing warned within a session before the first recovery; the retry of a failed call
  // shape with no file changed since must hear of its error, and a retry after a write must not.
  it('given a failed call in the turn, when the same shape is retried with nothing changed, then pre-tool-use warns with the error line; after a write it does not', async () => {
    const t = setUp();
    const shop = t.project('shop');
    await t.hook('user-prompt-submit', shop, 's1', { hook_event_name: 'UserPromptSubmit', prompt: 'fix the failing discount test' });
    await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a1', 'python -m pytest tests/test_discount.py') });
    await t.hook('post-tool-use', shop, 's1', { hook_event_name: 'PostToolUseFailure', ...bash('a1', 'python -m pytest tests/test_discount.py'), error: PYTEST_MISSING });
    const retry = await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a2', 'python -m pytest tests/test_discount.py -x') });
    expect(retry.denied).toBe(false);
    expect(retry.context).toContain('`python -m pytest` already failed in this turn with "ModuleNotFoundError: No module named \'pytest\'"');
    await t.hook('post-tool-use', shop, 's1', { hook_event_name: 'PostToolUseFailure', ...bash('a2', 'python -m pytest tests/test_discount.py -x'), error: PYTEST_MISSING });
    await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a3', 'pip install pytest') });
    await t.hook('post-tool-use', shop, 's1', { hook_event_name: 'PostToolUse', ...bash('a3', 'pip install pytest'), tool_response: { stdout: 'Successfully installed pytest', stderr: '', interrupted: false } });
    const afterWrite = await t.hook('pre-tool-use', shop, 's1', { hook_event_name: 'PreToolUse', ...bash('a4', 'python -m pytest tests/test_discount.py') });
    expect(afterWrite.context).not.toContain('already failed in this turn');
  });

  // Why (issue 24): a lesson learned from one failure of a script was said before every later run
  // of it, though the script then worked: warnings were wrong more often than right. A warning now
  // needs the project's record to say the call fails about as often as not.
  it('given a lesson learned from one failure, when later sessions run the pattern and it works, then nothing is said; once it fails in most runs, its record is', async () => {
    const t = setUp();
    const shop = t.project('shop');
    const session = async (id: string, outcomes: readonly boolean[]): Promise<string[]> => {
      await t.hook('user-prompt-submit', shop, id, { hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug' });
      const said: string[] = [];
      for (const [i, ok] of outcomes.entries()) {
        const call = bash(`${id}-${i}`, i === 1 ? 'python run.py' : 'python repro.py');
        said.push((await t.hook('pre-tool-use', shop, id, { hook_event_name: 'PreToolUse', ...call })).context);
        await t.hook('post-tool-use', shop, id, ok ? { hook_event_name: 'PostToolUse', ...call, tool_response: { stdout: 'ok', stderr: '', interrupted: false } } : { hook_event_name: 'PostToolUseFailure', ...call, error: PYTEST_MISSING });
      }
      await t.hook('stop', shop, id, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' });
      return said;
    };
    await session('s1', [false, true]);
    expect(readFileSync(join(shop, '.engram', 'call-lessons.json'), 'utf8')).toContain('python repro.py');
    expect(await session('s2', [true])).toEqual(['']);
    expect(await session('s3', [true])).toEqual(['']);
    await session('s4', [false]);
    await session('s5', [false]);
    await session('s6', [false]);
    const [warned] = await session('s7', [false]);
    expect(warned).toContain('`python repro.py`');
    expect(warned).toContain("ModuleNotFoundError: No module named 'pytest'");
  }, 60_000);
});
