import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { callOutcomeCore, defaultCallOutcomeParams, knownFilesOf } from './call-outcome-core.js';
import { ALL_CALLS_KEY, countsOf } from './outcome-table.js';

/** A turn of shell calls as the hooks record them: each call, then its result. */
const turn = (calls: readonly (readonly [string, boolean])[], memory: 'autopilot' | 'off' = 'autopilot'): AnyEnvelope[] => {
  let seq = 1;
  const meta = () => ({ seq: seq++, causationId: null });
  const events: AnyEnvelope[] = [buildEvent('executive.session.started', { modes: { memory, acc: 'passive' } }, meta()), buildEvent('executive.turn.started', { message: 'fix it' }, meta())];
  calls.forEach(([command, ok], i) => {
    events.push(buildEvent('executive.tool.called', { toolUseId: `t${i}`, name: 'Bash', input: { command }, argsSummary: command }, meta()));
    events.push(buildEvent('executive.tool.resulted', { toolUseId: `t${i}`, name: 'Bash', ok, error: ok ? '' : "Exit code 1\nModuleNotFoundError: No module named 'psycopg2'\n... [40 more characters]", output: '' }, meta()));
  });
  return events;
};

const fold = (events: readonly AnyEnvelope[]) => foldCore(callOutcomeCore, defaultCallOutcomeParams, events);

describe('callOutcomeCore', () => {
  it('given a turn of calls, then it counts runs and failures per program, pattern and situation, quoting the error line, never the cut marker', () => {
    const { state, published } = fold(turn([['python repro.py', false], ["sed -i 's/a/b/' repro.py", true], ['python repro.py', true], ['python repro.py', true]]));
    expect(published).toEqual([]);
    expect(countsOf(state.turn, ALL_CALLS_KEY)).toMatchObject({ runs: 4, fails: 1 });
    expect(countsOf(state.turn, 'c:Bash python repro.py')).toMatchObject({ runs: 3, fails: 1, line: "ModuleNotFoundError: No module named 'psycopg2'" });
    expect(countsOf(state.turn, 's:first:Bash python repro.py')).toMatchObject({ runs: 1, fails: 1 });
    expect(countsOf(state.turn, 's:changed:Bash python repro.py')).toMatchObject({ runs: 1, fails: 0 });
    expect(countsOf(state.turn, 's:worked:Bash python repro.py')).toMatchObject({ runs: 1, fails: 0 });
  });

  it('given a failure and the same pattern again with nothing written, then that run counts as an unchanged retry', () => {
    const { state } = fold(turn([['python repro.py', false], ['ls', true], ['python repro.py', false]]));
    expect(countsOf(state.turn, 's:retry:Bash python repro.py')).toMatchObject({ runs: 1, fails: 1 });
    expect(state.latest.get('python repro.py')).toMatchObject({ ok: false, wrote: false });
  });

  // Why (issue 24): a failed `rm a b c` still removed what it could; the turn keeps what is gone until a call writes it back.
  it('given rm calls, moves and writes in a turn, then the paths removed and not put back, each with the command that removed it; a new turn forgets them', () => {
    const { state } = fold(turn([['rm a.py b.py c.py', false], ['mv d.py e.py', true], ['echo 1 > b.py', true]]));
    expect([...state.gone]).toEqual([
      ['a.py', 'rm a.py b.py c.py'],
      ['c.py', 'rm a.py b.py c.py'],
      ['d.py', 'mv d.py e.py'],
    ]);
    const next = fold([...turn([['rm a.py', true]]), buildEvent('executive.turn.started', { message: 'again' }, { seq: 99, causationId: null })]);
    expect(next.state.gone.size).toBe(0);
  });

  // Why (issue 24): what a turn's outputs named and its calls wrote is what it knows is there.
  it('given outputs that name files, calls that write them and calls that worked on them, then the turn knows their names and that it saw output; a turn without output did not', () => {
    const events = turn([['ls', true], ['touch new.py', true], ['cat index.js', true], ['cat absent.js', false]]);
    const withOutput = events.map((e): AnyEnvelope => (e.type === 'executive.tool.resulted' && e.data.toolUseId === 't0' ? { ...e, data: { ...e.data, output: 'setup.py\ndjango/\nREADME.rst' } } : e));
    const { state } = fold(withOutput);
    // A call that worked found the files it needed; one that failed did not.
    expect([...state.known]).toEqual(['setup.py', 'README.rst', 'new.py', 'index.js']);
    expect(state.sawOutput).toBe(true);
    expect(fold(events).state.sawOutput).toBe(false);
    expect([state.moved, fold(turn([['cd sub && ls', true]])).state.moved]).toEqual([false, true]);
    // What a warning about unseen files may go by: nothing without output, nothing after a directory change.
    expect(knownFilesOf(state)).toBe(state.known);
    expect(knownFilesOf(fold(events).state)).toBeNull();
    expect(knownFilesOf({ ...state, moved: true })).toBeNull();
  });

  // Why (issue 24): a new script's first run fails more often the longer it is, whatever its name;
  // the record keeps new scripts' first runs by size class so the warning can weigh them.
  it('given a script written whole in the turn and then run, then its first run is counted under its size class and under all new scripts of its program; a later run and a script not written are not', () => {
    const body = Array.from({ length: 70 }, (_, i) => `x${i} = ${i}`).join('\n');
    const { state } = fold(turn([[`cat <<'EOF' > repro.py\n${body}\nEOF`, true], ['python repro.py', false], ['python repro.py', false], ['python other.py', false]]));
    // 72 lines: the octave 64-127 (class 6).
    expect(countsOf(state.turn, 'n:6:Bash python')).toMatchObject({ runs: 1, fails: 1 });
    expect(countsOf(state.turn, 'n:*:Bash python')).toMatchObject({ runs: 1, fails: 1 });
    expect(state.written.get('repro.py')).toMatchObject({ lines: 72, worked: false });
    const { state: short } = fold(turn([["cat <<'EOF' > t.py\nprint(1)\nEOF\npython t.py", true]]));
    // 4 lines: the octave 4-7 (class 2).
    expect(countsOf(short.turn, 'n:2:Bash python')).toMatchObject({ runs: 1, fails: 0 });
  });

  // Why (issue 24): "in one repository a module the agent reaches for is not available" and it
  // reaches for it again in later sessions: the record keeps the names failures said were missing.
  it('given a failure whose error line names a missing module, then the name is counted with the line; a run of a written script that worked marks the script, a heredoc that only writes it does not', () => {
    const { state } = fold(turn([["cat <<'EOF' > repro.py\nimport psycopg2\nEOF", true], ['python repro.py', false], ['ls', true]]));
    expect(countsOf(state.turn, 'm:psycopg2')).toMatchObject({ runs: 1, fails: 1, line: "ModuleNotFoundError: No module named 'psycopg2'" });
    expect(state.written.get('repro.py')?.worked).toBe(false);
    expect(state.written.get('repro.py')?.words).toContain('psycopg2');
    const { state: worked } = fold(turn([["cat <<'EOF' > repro.py\nimport psycopg2\nEOF", true], ['python repro.py', true]]));
    expect(worked.written.get('repro.py')?.worked).toBe(true);
    expect(countsOf(worked.turn, 'm:psycopg2').runs).toBe(0);
  });

  it('counts nothing with memory off, and a new turn starts with an empty record', () => {
    expect(fold(turn([['python repro.py', false]], 'off')).state.turn.size).toBe(0);
    const events = [...turn([['python repro.py', false]]), buildEvent('executive.turn.completed', {}, { seq: 90, causationId: null }) as AnyEnvelope];
    expect(countsOf(fold(events).state.turn, ALL_CALLS_KEY).runs).toBe(1);
    expect(fold([...events, buildEvent('executive.turn.started', { message: 'next' }, { seq: 91, causationId: null }) as AnyEnvelope]).state.turn.size).toBe(0);
  });

  it('never changes the state it was given (evolve returns a new one)', () => {
    const events = turn([["cat <<'EOF' > repro.py\nimport x\nEOF", true], ['python repro.py', false], ['python repro.py', true]]);
    let state = callOutcomeCore.initialState(defaultCallOutcomeParams);
    for (const e of events) {
      const before = JSON.stringify([[...state.calls.keys()], [...state.latest], [...state.turn], [...state.written]]);
      const next = callOutcomeCore.evolve(state, e);
      expect(JSON.stringify([[...state.calls.keys()], [...state.latest], [...state.turn], [...state.written]])).toBe(before);
      state = next;
    }
  });
});
