import type { AnyDraft, AnyEnvelope, EventData } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { callLessonCore, defaultCallLessonParams } from './call-lesson-core.js';

type Lesson = EventData<'cerebellum.call.learned'>;

/** A turn of shell calls as the hooks record them: each call, then its result. */
const turn = (calls: readonly (readonly [string, boolean, string?])[], opts: { memory?: 'autopilot' | 'off'; tool?: string } = {}): AnyEnvelope[] => {
  let seq = 1;
  const meta = () => ({ seq: seq++, causationId: null });
  const events: AnyEnvelope[] = [buildEvent('executive.session.started', { modes: { memory: opts.memory ?? 'autopilot', acc: 'passive' } }, meta()), buildEvent('executive.turn.started', { message: 'fix it' }, meta())];
  calls.forEach(([command, ok, error], i) => {
    const toolUseId = `t${i + 1}`;
    const name = opts.tool ?? 'Bash';
    events.push(buildEvent('executive.tool.called', { toolUseId, name, input: { command }, argsSummary: command.slice(0, 80) }, meta()));
    events.push(buildEvent('executive.tool.resulted', { toolUseId, name, ok, error: ok ? '' : (error ?? 'Exit code 1\nfailed'), output: ok ? 'fine' : '' }, meta()));
  });
  return events;
};

const lessonsOf = (events: readonly AnyEnvelope[]): Lesson[] => foldCore(callLessonCore, defaultCallLessonParams, events).published.flatMap((d: AnyDraft) => (d.type === 'cerebellum.call.learned' ? [d.data] : []));

const TRACE = "Exit code 1\nTraceback (most recent call last):\n  File \"x.py\", line 1\nModuleNotFoundError: No module named 'pytest'\n... [412 more characters]";

describe('callLessonCore', () => {
  it('given a failed `python -m pytest` and then a working test runner of the same program, learns the pattern, the error line and the recovery', () => {
    const [lesson, ...more] = lessonsOf(turn([['cd /repo && python -m pytest tests/test_a.py -q', false, TRACE], ['ls tests', true], ['python tests/runtests.py a', true]]));
    expect(more).toEqual([]);
    expect(lesson).toEqual({
      lessonId: expect.stringMatching(/^cerebellum\.call\.[0-9a-f]{12}$/) as string,
      failed: { tool: 'Bash', pattern: 'python -m pytest' },
      errorLine: "ModuleNotFoundError: No module named 'pytest'",
      signature: expect.stringContaining('no module named') as string,
      recovery: { tool: 'Bash', pattern: 'python runtests.py', afterWrites: false },
      text: expect.stringContaining('`python -m pytest` (Bash) failed with "ModuleNotFoundError: No module named \'pytest\'"; what worked instead: `python runtests.py`') as string,
      evidence: { failedToolUseId: 't1', succeededToolUseId: 't3' },
    });
    expect(lesson?.text).not.toContain('more characters');
  });

  it('given the same script failing, then a file write, then the script working, learns that it worked after files were changed', () => {
    const [lesson] = lessonsOf(turn([['python3 reproduce.py', false, TRACE], ["cat <<'EOF' > reproduce.py\nimport os\nEOF", true], ['python reproduce.py', true]]));
    expect(lesson?.failed.pattern).toBe('python reproduce.py');
    expect(lesson?.recovery).toEqual({ tool: 'Bash', pattern: 'python reproduce.py', afterWrites: true });
    expect(lesson?.text).toContain('it worked after files were changed');
  });

  it('learns nothing from a flaky retry: the very same command working with nothing changed', () => {
    expect(lessonsOf(turn([['npm test', false, 'Exit code 1\nError: ETIMEDOUT'], ['npm test', true]]))).toEqual([]);
  });

  it('learns nothing when no later call does the same job, when nothing was printed, or with memory off', () => {
    expect(lessonsOf(turn([['make build', false, 'Exit code 2\nmake: *** [all] Error 1'], ['ls', true]]))).toEqual([]);
    expect(lessonsOf(turn([['grep foo a.txt', false, 'Exit code 1\n'], ['grep bar a.txt', true]]))).toEqual([]);
    expect(lessonsOf(turn([['python -m pytest', false, TRACE], ['python runtests.py', true]], { memory: 'off' }))).toEqual([]);
  });

  // Why (issue 24): a `cat` or `ls` of the script that failed counted as what worked instead, so
  // lessons said "what worked instead: `cat`". A recovery must do something, not only look.
  it('given a failed script, when the only later call on it only looks at it, then nothing is learned; a call that changes it is a recovery', () => {
    expect(lessonsOf(turn([['python reproduce.py', false, TRACE], ['cat reproduce.py', true], ['ls -la reproduce.py', true], ['grep -n pytest reproduce.py', true]]))).toEqual([]);
    const events = turn([['python reproduce.py', false, TRACE]]);
    let seq = 50;
    const m = () => ({ seq: seq++, causationId: null });
    const call = (id: string, name: string) => {
      events.push(buildEvent('executive.tool.called', { toolUseId: id, name, input: { file_path: 'reproduce.py', old_string: 'a', new_string: 'b' }, argsSummary: '' }, m()));
      events.push(buildEvent('executive.tool.resulted', { toolUseId: id, name, ok: true, error: '', output: 'x' }, m()));
    };
    call('r1', 'Read');
    expect(lessonsOf(events)).toEqual([]);
    call('e1', 'Edit');
    expect(lessonsOf(events).map((l) => l.recovery)).toEqual([{ tool: 'Edit', pattern: 'Edit *.py', afterWrites: true }]);
  });

  it('given an error line with no word in it, then nothing is learned (a lesson would quote nothing)', () => {
    expect(lessonsOf(turn([['python reproduce.py', false, 'Exit code 1\n...'], ['python runtests.py', true]]))).toEqual([]);
  });

  it('keys only the first failure of a pattern in a turn, and a new turn forgets what was open', () => {
    const events = turn([['python -m pytest a', false, TRACE], ['python -m pytest b', false, 'Exit code 1\nImportError: x']]);
    expect(lessonsOf([...events, buildEvent('executive.turn.completed', {}, { seq: 99, causationId: null }) as AnyEnvelope, ...turn([['python runtests.py', true]]).slice(1)])).toEqual([]);
    const [lesson] = lessonsOf([...events, buildEvent('executive.tool.called', { toolUseId: 't9', name: 'Bash', input: { command: 'python runtests.py' }, argsSummary: '' }, { seq: 50, causationId: null }), buildEvent('executive.tool.resulted', { toolUseId: 't9', name: 'Bash', ok: true, error: '', output: '' }, { seq: 51, causationId: null })]);
    expect(lesson?.errorLine).toBe("ModuleNotFoundError: No module named 'pytest'");
  });

  it('learns for any tool: a failed Read of a file and a working Read of it', () => {
    const events = turn([], { tool: 'Read' });
    let seq = 10;
    const m = () => ({ seq: seq++, causationId: null });
    events.push(buildEvent('executive.tool.called', { toolUseId: 'r1', name: 'Read', input: { file_path: 'src/a.cbl' }, argsSummary: '' }, m()));
    events.push(buildEvent('executive.tool.resulted', { toolUseId: 'r1', name: 'Read', ok: false, error: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x81", output: '' }, m()));
    events.push(buildEvent('executive.tool.called', { toolUseId: 'r2', name: 'Read', input: { file_path: 'src/a.cbl', encoding: 'latin-1' }, argsSummary: '' }, m()));
    events.push(buildEvent('executive.tool.resulted', { toolUseId: 'r2', name: 'Read', ok: true, error: '', output: 'x' }, m()));
    expect(lessonsOf(events).map((l) => [l.failed.pattern, l.recovery.pattern])).toEqual([['Read *.cbl', 'Read *.cbl']]);
  });

  it('gives the same id to the same mistake learned in another turn, whatever worked', () => {
    const a = lessonsOf(turn([['python -m pytest x', false, TRACE], ['python runtests.py', true]]));
    const b = lessonsOf(turn([['python3 -m pytest -k y', false, TRACE], ['python -m unittest y', true]]));
    expect(a[0]?.lessonId).toBe(b[0]?.lessonId);
  });
});
