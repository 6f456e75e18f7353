import { describe, expect, it } from 'vitest';
import { callKind, commandPrograms } from './command-programs.js';

describe('commandPrograms', () => {
  it('names the program of every segment after cd, env and assignments, as a base name', () => {
    expect(commandPrograms('cd /repo && FOO=1 ./tests/runtests.py --verbosity 2 | tail -n 20')).toEqual(['runtests.py', 'tail']);
    expect(commandPrograms('sudo env X=y /usr/bin/python3 -m pytest; echo done')).toEqual(['python3', 'echo']);
  });

  it('does not read heredoc bodies or quoted strings as commands', () => {
    const command = "cat <<'EOF' > fix.py\nimport os\nprint('x; rm -rf y')\nEOF\npython fix.py && grep -n 'a | b' fix.py";
    expect(commandPrograms(command)).toEqual(['cat', 'python', 'grep']);
  });

  it('gives nothing for builtins and keywords alone', () => {
    expect(commandPrograms('set -e; export A=1; cd /x')).toEqual([]);
  });
});

describe('callKind', () => {
  it('is the first program that is not echo/cat scaffolding, else the first, else "shell"', () => {
    expect(callKind('echo start && pytest tests/')).toBe('pytest');
    expect(callKind("cat <<'EOF' > a.py\nx\nEOF")).toBe('cat');
    expect(callKind('cd /repo')).toBe('shell');
  });
});
