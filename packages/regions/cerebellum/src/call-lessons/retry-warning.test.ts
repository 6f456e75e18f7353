import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { callPattern, foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { callLessonCore, defaultCallLessonParams } from './call-lesson-core.js';
import { retryWarning } from './retry-warning.js';

/**
 * Why (issue 24): nothing warned within a session before the first recovery. A call shape that
 * failed, retried with nothing changed since, fails the same way; the warning must come on that
 * retry, and must not come once a file was written (the agent changed something) or for a call
 * that writes the file it then runs.
 */
const TRACE = "Exit code 1\nTraceback (most recent call last):\n  File \"x.py\", line 1\nModuleNotFoundError: No module named 'pytest'\n... [412 more characters]";

/** The call-lesson state after a turn of shell calls: [command, ok, error]. */
const after = (calls: readonly (readonly [string, boolean, string?])[], endTurn = false) => {
  let seq = 1;
  const meta = () => ({ seq: seq++, causationId: null });
  const events: AnyEnvelope[] = [buildEvent('executive.session.started', { modes: { memory: 'autopilot', acc: 'passive' } }, meta()), buildEvent('executive.turn.started', { message: 'fix it' }, meta())];
  calls.forEach(([command, ok, error], i) => {
    events.push(buildEvent('executive.tool.called', { toolUseId: `t${i}`, name: 'Bash', input: { command }, argsSummary: '' }, meta()));
    events.push(buildEvent('executive.tool.resulted', { toolUseId: `t${i}`, name: 'Bash', ok, error: ok ? '' : (error ?? 'Exit code 1\nfailed'), output: '' }, meta()));
  });
  if (endTurn) events.push(buildEvent('executive.turn.completed', {}, meta()));
  return foldCore(callLessonCore, defaultCallLessonParams, events).state.recent;
};
const bash = (command: string) => callPattern('Bash', { command });

describe('retryWarning', () => {
  it('given a failed `python -m pytest`, when the same shape is run again with nothing changed, then it warns quoting the error line', () => {
    const text = retryWarning(after([['python -m pytest tests/a.py', false, TRACE], ['ls tests', true]]), bash('cd /repo && python3 -m pytest tests/b.py -q'));
    expect(text).toContain('`python -m pytest` already failed in this turn with "ModuleNotFoundError: No module named \'pytest\'"');
    expect(text).not.toContain('more characters');
  });

  it('given a file written since the failure (even by a call whose run then failed), when retried, then it says nothing', () => {
    expect(retryWarning(after([['python -m pytest a', false, TRACE], ["sed -i 's/a/b/' conftest.py", true]]), bash('python -m pytest a'))).toBeNull();
    expect(retryWarning(after([['python -m pytest a', false, TRACE], ["cat <<'EOF' > run.py\nx\nEOF\npython run.py", false, TRACE]]), bash('python -m pytest a'))).toBeNull();
  });

  it('given a call that writes the script it runs, or a different shape, or a shape that worked since, or a new turn, then it says nothing', () => {
    const failed = after([['python reproduce.py', false, TRACE]]);
    expect(retryWarning(failed, bash("cat <<'EOF' > reproduce.py\nprint(1)\nEOF\npython reproduce.py"))).toBeNull();
    expect(retryWarning(failed, bash('python other.py'))).toBeNull();
    expect(retryWarning(failed, bash('python reproduce.py'))).toContain('python reproduce.py');
    expect(retryWarning(after([['python reproduce.py', false, TRACE], ['python reproduce.py', true]]), bash('python reproduce.py'))).toBeNull();
    expect(retryWarning(after([['python reproduce.py', false, TRACE]], true), bash('python reproduce.py'))).toBeNull();
  });

  it('given an error line with no word in it, when retried, then it warns without quoting the line', () => {
    const text = retryWarning(after([['python reproduce.py', false, 'Exit code 1\n...']]), bash('python reproduce.py'));
    expect(text).toMatch(/^`python reproduce.py` already failed in this turn, and no file has changed since/);
  });

  it('given a failure that printed nothing, then it has nothing to warn with', () => {
    expect(retryWarning(after([['grep -rn foo src', false, 'Exit code 1\n']]), bash('grep -rn foo src'))).toBeNull();
  });
});
