import { describe, expect, it } from 'vitest';
import { errorLine, failureSignature } from './failure-signature.js';

const traceback = [
  'Exit code 1',
  'debug: calling with 3 args',
  'Traceback (most recent call last):',
  '  File "/testbed/repro.py", line 12, in <module>',
  '    main()',
  'ValueError: first failure',
  '',
  'During handling of the above exception, another exception occurred:',
  '',
  'Traceback (most recent call last):',
  '  File "/testbed/repro.py", line 14, in <module>',
  '    raise KeyError(name)',
  "KeyError: 'widget_17'",
  'cleanup done',
].join('\n');

describe('errorLine', () => {
  it('takes the exception line after the last traceback, not the header or the prints around it', () => {
    expect(errorLine(traceback)).toBe("KeyError: 'widget_17'");
  });

  it('takes the last XxxError line when the traceback header was cut away', () => {
    const cut = 'Exit code 1\n[... 2429 characters elided ...]\n    x = f()\nTypeError: f() missing 1 required positional argument\nRuntimeError: wrapped\n';
    expect(errorLine(cut)).toBe('RuntimeError: wrapped');
  });

  it("takes pytest's E line and a test runner's ERROR line", () => {
    expect(errorLine('collected 3 items\n\n    def test_a():\n>       assert add(1, 2) == 4\nE       assert 3 == 4\n1 failed')).toBe('E       assert 3 == 4');
    expect(errorLine('Creating test database\nERROR: test_rename (migrations.test_ops.OperationTests)\n---\nRan 4 tests')).toBe('ERROR: test_rename (migrations.test_ops.OperationTests)');
  });

  it('takes a shell\'s "not found" line', () => {
    expect(errorLine('Exit code 127\nbash: line 1: pytest: command not found')).toBe('bash: line 1: pytest: command not found');
    expect(errorLine("checking\nls: cannot access 'docs/x': No such file or directory")).toBe("ls: cannot access 'docs/x': No such file or directory");
  });

  it('falls back to the first line with an error word, then to the first line', () => {
    expect(errorLine('step one\nstep two could not run: permission denied\nstep three')).toBe('step two could not run: permission denied');
    expect(errorLine('Exit code 2\n\nsomething odd\nmore')).toBe('something odd');
  });

  it('is never the exit-code header or a truncation marker', () => {
    expect(errorLine('Exit code 1\n[4839 more characters]')).toBe('');
    expect(errorLine('Exit code 1 ... [4839 more characters]\nfatal: not a git repository')).toBe('fatal: not a git repository');
    expect(errorLine('Exit code 1\nwarning: old pip [+120 lines truncated]')).toBe('warning: old pip');
  });
});

describe('failureSignature', () => {
  it('normalises paths, numbers, hex, ids and case', () => {
    expect(failureSignature('Exit code 1\nFileNotFoundError: [Errno 2] No such file: /tmp/x/1.txt at 0x7fA3 in build 3f9a2c1d0e')).toBe('filenotfounderror: [errno n] no such file: /p at 0xn in build id');
    expect(failureSignature('ModuleNotFoundError: No module named tests/app_17/models')).toBe('modulenotfounderror: no module named /p');
    expect(failureSignature('session 0d4f2c8e-1b2a-4c3d-9e8f-001122334455 failed')).toBe('session id failed');
  });

  it('gives two runs of one failure the same signature when only the prints and values differ', () => {
    const a = 'x = 1\nTraceback (most recent call last):\n  File "/testbed/a.py", line 3, in <module>\nAttributeError: \'Foo\' object has no attribute \'bar\'';
    const b = 'debug 42\ndebug 43\nTraceback (most recent call last):\n  File "/testbed/b.py", line 9, in <module>\nAttributeError: \'Baz\' object has no attribute \'qux\'';
    expect(failureSignature(a)).toBe(failureSignature(b));
    expect(failureSignature(a)).not.toBe(failureSignature("NameError: name 'bar' is not defined"));
  });

  it('makes a killed call its own signature and an empty output "no output"', () => {
    expect(failureSignature('half a line of output', { killed: true })).toBe('killed (timed out or interrupted)');
    expect(failureSignature('')).toBe('no output');
    expect(failureSignature(null)).toBe('no output');
    expect(failureSignature('Exit code 1\n')).toBe('no output');
  });

  it('cuts a very long line', () => {
    expect(failureSignature(`error ${'word '.repeat(200)}`).length).toBeLessThanOrEqual(240);
  });

  it('is its own signature when placeholders make a new match (a number before a backslash path gave "n/p", itself a relative path)', () => {
    const once = failureSignature('0\\\\(');
    expect(failureSignature(once)).toBe(once);
  });
});
