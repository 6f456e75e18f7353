import { pathSteps } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownAfter, knownRead, unknownNeed, type KnownFiles } from './unknown-paths.js';

/**
 * Why (issue 24): an agent runs `python apply_fix_v6.py` it never wrote, or lists in `rm` a file it
 * never made; the turn has seen every file its calls wrote and every file name their outputs showed.
 */
const need = (known: KnownFiles, command: string) => unknownNeed(known, pathSteps('Bash', { command }));

describe('unknownNeed', () => {
  const known: KnownFiles = new Set(['repro.py', 'setup.py', 'db.sqlite3']);

  it('given a script the turn never wrote nor saw, when an interpreter runs it from the working folder, then it is unknown; a known one, a path with a folder or code given by an option is not', () => {
    expect(need(known, 'python3 apply_fix.py')).toEqual({ kind: 'script', path: 'apply_fix.py', program: 'python3' });
    expect(need(known, 'python repro.py')).toBeNull();
    expect(need(known, 'python tests/runtests.py')).toBeNull();
    expect(need(known, 'python -c "print(1)"')).toBeNull();
  });

  it('given a call that writes the script and then runs it, or changes directory first, then nothing is unknown', () => {
    expect(need(known, "cat <<'EOF' > fix.py\nprint(1)\nEOF\npython fix.py")).toBeNull();
    expect(need(known, 'cd sub && python fix.py')).toBeNull();
  });

  it('given rm with a file the turn never wrote nor saw, then that file is unknown; with -f, or only known files, nothing', () => {
    expect(need(known, 'rm repro.py notes.txt')).toEqual({ kind: 'remove', path: 'notes.txt', program: 'rm' });
    expect(need(known, 'rm -f notes.txt')).toBeNull();
    expect(need(known, 'rm repro.py db.sqlite3')).toBeNull();
    expect(need(known, 'cat notes.txt')).toBeNull();
  });
});

describe('knownAfter', () => {
  it('adds names, keeping at most max and dropping the oldest first; the same set when nothing is new', () => {
    const k = knownAfter(new Set(['a.py']), ['b.py', 'c.py'], 2);
    expect([...k]).toEqual(['b.py', 'c.py']);
    expect(knownAfter(k, ['c.py'], 2)).toBe(k);
  });
});

describe('knownRead', () => {
  const NAMES = ['repro.py', 'fix.py', 'notes.txt', 'other.py'];
  const COMMANDS = ['python repro.py', 'python3 fix.py', 'rm notes.txt fix.py', 'rm -rf build', "cat > fix.py <<EOF\n1\nEOF\npython fix.py", 'ls', 'python -m pytest'];
  it('gives what unknownNeed gives on the whole set, holding only the names the call asks about', () => {
    fc.assert(
      fc.property(fc.subarray(NAMES), fc.constantFrom(...COMMANDS), (names, command) => {
        const known: KnownFiles = new Set(names);
        const steps = pathSteps('Bash', { command });
        const read = knownRead(known, steps);
        expect(unknownNeed(new Set(read), steps)).toEqual(unknownNeed(known, steps));
        expect(read.every((n) => command.includes(n))).toBe(true);
      }),
    );
  });
});
