import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callPattern } from './call-pattern.js';

const bash = (command: string) => callPattern('Bash', { command });

describe('callPattern', () => {
  it('keys a shell command on its program and subcommand, after the stage is set', () => {
    expect(bash('cd /testbed && python3 -m pytest tests/x.py -q').pattern).toBe('python -m pytest');
    expect(bash('PYTHONPATH=. python reproduce_issue.py').pattern).toBe('python reproduce_issue.py');
    expect(bash('./tests/runtests.py queries --verbosity 2').pattern).toBe('runtests.py');
    expect(bash('git stash && git status').pattern).toBe('git stash');
    expect(bash('grep -rn "def foo" src/').pattern).toBe('grep');
    expect(bash('python -c "import x; print(x)"').pattern).toBe('python -c');
  });

  it('reads a heredoc by its first line only, and knows it writes a file', () => {
    const p = bash("cat <<'EOF' > reproduce.py\nimport os\nprint('rm -rf x && ls')\nEOF");
    expect(p.pattern).toBe('cat');
    expect(p.writes).toBe(true);
    expect(bash('ls -la').writes).toBe(false);
    expect(bash('python x.py 2>&1 | tail -5').writes).toBe(false);
    expect(bash("sed -i 's/a/b/' f.py").writes).toBe(true);
  });

  // Why: a heredoc that writes a script and then runs it failed because of the run, so its lesson
  // must be keyed on the run (`python x.py`), not on the `cat` that wrote the file.
  it('given a heredoc written then run, when keyed, then the run is the pattern and the call writes', () => {
    const p = bash("cat <<'EOF' > verify.py\nimport os\nEOF\npython verify.py");
    expect(p).toMatchObject({ pattern: 'python verify.py', program: 'python', writes: true });
    expect(bash("printf 'x' > a.sh && bash a.sh").pattern).toBe('bash a.sh');
    expect(bash('cat a.py | grep foo').pattern).toBe('cat a.py');
    expect(bash('cat a.py > /dev/null; ls').pattern).toBe('cat a.py');
  });

  it('keys another tool on its name and the kind of its target', () => {
    expect(callPattern('Read', { file_path: '/src/A.CBL' })).toMatchObject({ pattern: 'Read *.cbl', program: 'Read', writes: false });
    expect(callPattern('Edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y' }).writes).toBe(true);
  });

  // Why (issue 24): a look at a file (`cat`, `ls`, `sed -n`, `git diff`) is not a recovery and changes nothing.
  it('knows a call that only looks from one that runs or writes', () => {
    for (const c of ['cat a.py', 'ls -la tests', "sed -n '1,20p' a.py", 'cd /r && grep -rn foo src | head -5', 'git diff', 'find . -name "*.py" | wc -l']) expect(bash(c).readOnly).toBe(true);
    for (const c of ['python a.py', "sed -i 's/a/b/' a.py", 'cat a.py > b.py', 'git stash', 'ls && python -m pytest', 'make']) expect(bash(c).readOnly).toBe(false);
    expect(callPattern('Read', { file_path: 'a.py' }).readOnly).toBe(true);
    expect(callPattern('Edit', { file_path: 'a.py', old_string: 'x', new_string: 'y' }).readOnly).toBe(false);
  });

  it('never calls a writing call read-only (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (command) => {
        const p = bash(command);
        expect(p.writes && p.readOnly).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws and never keys on more than a program and one word (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (command) => {
        const p = bash(command);
        expect(p.pattern.split(' ').length).toBeLessThanOrEqual(3);
        expect(p.pattern === '' || p.pattern.startsWith(p.program)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
