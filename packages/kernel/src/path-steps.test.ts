import { describe, expect, it } from 'vitest';
import { pathSteps } from './path-steps.js';

/** Why (issue 24): a warning about a removed file is only as right as the reading of what each call removes, writes and needs. */
const steps = (command: string) => pathSteps('Bash', { command });

describe('pathSteps', () => {
  it('given rm, when read, then it needs each file and removes it; with -f it needs none', () => {
    expect(steps('rm ./a.py b/')).toEqual([
      { kind: 'needs', path: 'a.py', program: 'rm' },
      { kind: 'needs', path: 'b', program: 'rm' },
      { kind: 'removes', path: 'a.py' },
      { kind: 'removes', path: 'b' },
    ]);
    expect(steps('rm -rf build')).toEqual([{ kind: 'removes', path: 'build' }]);
    expect(steps('rm *.pyc')).toEqual([{ kind: 'unsure' }]);
  });

  it('given readers and interpreters, when read, then the files they need; code given by an option needs none', () => {
    expect(steps('cat a.txt && python3 -u repro.py --flag && ./tests/run.sh')).toEqual([
      { kind: 'needs', path: 'a.txt', program: 'cat' },
      { kind: 'runs', path: 'repro.py', program: 'python3' },
      { kind: 'needs', path: 'tests/run.sh', program: './tests/run.sh' },
    ]);
    expect(steps('python -c "import os" && python -m pytest x.py && PYTHONPATH=. python3 -W ignore')).toEqual([]);
  });

  it('given writers, when read, then what they may create; a move removes its sources; a directory change moves; version control is unsure', () => {
    expect(steps('echo x > out.txt && touch t.py && mv a.py lib')).toEqual([
      { kind: 'creates', path: 'out.txt' },
      { kind: 'creates', path: 't.py' },
      { kind: 'removes', path: 'a.py' },
      { kind: 'creates', path: 'lib' },
      { kind: 'creates', path: 'lib/a.py' },
    ]);
    expect(steps('cd sub && git stash')).toEqual([{ kind: 'moves' }, { kind: 'unsure' }]);
  });

  it('given file tools, when read, then Write creates its file and Read and Edit need theirs; other tools touch nothing', () => {
    expect(pathSteps('Write', { file_path: './src/a.ts', content: 'x' })).toEqual([{ kind: 'creates', path: 'src/a.ts' }]);
    expect(pathSteps('Edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' })).toEqual([{ kind: 'needs', path: 'src/a.ts', program: 'Edit' }]);
    expect(pathSteps('WebFetch', { url: 'http://127.0.0.1/' })).toEqual([]);
  });
});
