import { pathSteps } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goneAfter, goneNeed, goneRead, type GonePaths } from './gone-paths.js';

/**
 * Why (issue 24): the commonest repeat a coding agent makes within a task is `rm a b c` failing on
 * a file that was never there, then `rm a b` failing on the files the first one removed. The
 * turn's removed paths predict such a failure with certainty until something writes the file back.
 */
const after = (commands: readonly string[]): GonePaths => commands.reduce<GonePaths>((g, command) => goneAfter(g, pathSteps('Bash', { command }), command, 200), new Map());
const need = (gone: GonePaths, command: string) => goneNeed(gone, pathSteps('Bash', { command }));

describe('goneAfter and goneNeed', () => {
  it('given `rm a.py b.py c.py` ran (and failed on c.py), when `rm a.py b.py` comes, then a.py is gone and the removing command is named', () => {
    const gone = after(['rm a.py b.py c.py']);
    expect(need(gone, 'rm a.py b.py')).toEqual({ path: 'a.py', program: 'rm', by: 'rm a.py b.py c.py' });
    expect(need(gone, 'python3 ./b.py')).toEqual({ path: 'b.py', program: 'python3', by: 'rm a.py b.py c.py' });
    expect(need(gone, 'ls a.py')?.path).toBe('a.py');
  });

  it('given a removed file, when the call writes it first, forces the removal, or names another file, then nothing is gone for it', () => {
    const gone = after(['rm repro.py']);
    expect(need(gone, "cat <<'EOF' > repro.py\nprint(1)\nEOF\npython repro.py")).toBeNull();
    expect(need(gone, 'rm -f repro.py')).toBeNull();
    expect(need(gone, 'python other.py')).toBeNull();
    expect(need(gone, 'python -c "import repro"')).toBeNull();
  });

  it('given a removed file, when a later call writes it back, moves something there, changes directory, installs or runs a script, then it is no longer gone', () => {
    expect(after(['rm repro.py', 'echo x > repro.py']).size).toBe(0);
    expect([...after(['rm repro.py', 'mv new.py repro.py']).keys()]).toEqual(['new.py']);
    expect(after(['rm repro.py', 'cd /tmp']).size).toBe(0);
    expect(after(['rm repro.py', 'git checkout .']).size).toBe(0);
    expect(after(['rm -rf node_modules', 'npm install']).size).toBe(0);
    // A script may write any file (a test database, a generated module): after one runs, nothing is known gone.
    expect(after(['rm db.sqlite3', 'python manage.py migrate']).size).toBe(0);
    expect(need(after(['rm db.sqlite3']), 'python manage.py migrate && ls db.sqlite3')).toBeNull();
    expect([...after(['rm repro.py', 'mv a.py b.py']).keys()]).toEqual(['repro.py', 'a.py']);
  });

  it('given a folder removed whole, when a file under it is needed, then the folder is what is gone; writing under it brings it back', () => {
    const gone = after(['rm -rf app']);
    expect(need(gone, 'ls app/models.py')).toEqual({ path: 'app/models.py', program: 'ls', by: 'rm -rf app' });
    expect(after(['rm -rf app', 'mkdir -p app/sub']).size).toBe(0);
  });

  it('keeps at most max removed paths, dropping the oldest first', () => {
    const gone = goneAfter(new Map(), pathSteps('Bash', { command: 'rm a b c d' }), 'rm a b c d', 2);
    expect([...gone.keys()]).toEqual(['c', 'd']);
  });
});

describe('goneRead', () => {
  const PATHS = ['a.py', 'b.py', 'app', 'app/x.py', 'notes.txt'];
  const COMMANDS = ['rm a.py b.py', 'ls app/x.py', 'python a.py', 'cat > a.py <<EOF\n1\nEOF\npython a.py', 'rm -rf app && ls app', 'cat notes.txt b.py', 'npm test', 'mv b.py a.py && python a.py'];
  it('gives what goneNeed gives on the whole set, holding only the paths the call could need', () => {
    fc.assert(
      fc.property(fc.subarray(PATHS), fc.constantFrom(...COMMANDS), (paths, command) => {
        const gone: GonePaths = new Map(paths.map((p) => [p, `rm ${p}`]));
        const steps = pathSteps('Bash', { command });
        const read = goneRead(gone, steps);
        expect(goneNeed(new Map(read), steps)).toEqual(goneNeed(gone, steps));
        expect(read.every(([p]) => command.includes(p))).toBe(true);
      }),
    );
  });
});
