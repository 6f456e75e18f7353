import { describe, expect, it } from 'vitest';
import { newHost, pythonSkipReason } from './pad-host.js';

describe('a Node pad', () => {
  it('keeps variables, functions and classes across cells and captures console output', async () => {
    const host = newHost();
    const a = await host.exec({ pad: 'main', runtime: 'node', code: 'const rows = [1, 2, 3];\nfunction total(xs) { return xs.reduce((a, b) => a + b, 0); }\nclass Box { constructor(v) { this.v = v; } }\nconsole.log("loaded", rows.length)' });
    expect(a).toMatchObject({ status: 'completed', ok: true, stdout: 'loaded 3\n', error: '' });
    const b = await host.exec({ pad: 'main', code: 'console.log(total(rows), new Box(7).v); console.error("careful")' });
    expect(b).toMatchObject({ status: 'completed', ok: false, stdout: '6 7\n', stderr: 'careful\n' });
  });

  it('lets a cell re-declare a const (re-running a fixed cell works)', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'node', code: 'const x = 1' });
    const again = await host.exec({ pad: 'main', code: 'const x = 2\nconsole.log(x)' });
    expect(again).toMatchObject({ ok: true, stdout: '2\n' });
  });

  it('supports top-level await, and what it declares persists', async () => {
    const host = newHost();
    const a = await host.exec({ pad: 'main', runtime: 'node', code: 'const v = await new Promise((r) => setTimeout(() => r(41), 10));\nconsole.log("got", v)' });
    expect(a).toMatchObject({ ok: true, stdout: 'got 41\n' });
    const b = await host.exec({ pad: 'main', code: 'console.log(v + 1)' });
    expect(b).toMatchObject({ ok: true, stdout: '42\n' });
  });

  it('reports a thrown error with its stack, without the host frames, and keeps the pad alive', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'node', code: 'let kept = "yes"' });
    const failed = await host.exec({ pad: 'main', code: 'console.log("before");\nthrow new TypeError("bad input")' });
    expect(failed).toMatchObject({ status: 'completed', ok: false, stdout: 'before\n' });
    expect(failed.error).toContain('TypeError: bad input');
    expect(failed.error).not.toMatch(/node:vm|engramPadHost/);
    expect((await host.exec({ pad: 'main', code: 'console.log(kept)' })).stdout).toBe('yes\n');
  });

  it('can require node modules', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'const path = require("node:path"); console.log(path.join("a", "b"))' });
    expect(r).toMatchObject({ ok: true, stdout: 'a/b\n' });
  });
});

describe.skipIf(pythonSkipReason !== undefined)(`a Python pad${pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`}`, () => {
  it('keeps variables, imports and functions across cells', async () => {
    const host = newHost();
    const a = await host.exec({ pad: 'main', runtime: 'python', code: 'import math\nrows = [1, 2, 3]\ndef total(xs):\n    return sum(xs)\nprint("loaded", len(rows))' });
    expect(a).toMatchObject({ status: 'completed', ok: true, stdout: 'loaded 3\n', error: '' });
    const b = await host.exec({ pad: 'main', code: 'print(total(rows), math.sqrt(16))' });
    expect(b).toMatchObject({ ok: true, stdout: '6 4.0\n' });
  });

  it('reports the traceback as the error (without the host frame) and keeps state', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'python', code: 'kept = "yes"' });
    const failed = await host.exec({ pad: 'main', code: 'print("before")\n1 / 0' });
    expect(failed).toMatchObject({ status: 'completed', ok: false, stdout: 'before\n' });
    expect(failed.error).toMatch(/^Traceback/);
    expect(failed.error).toContain('ZeroDivisionError: division by zero');
    expect(failed.error).toContain('File "cell-2", line 2');
    expect(failed.error).not.toContain('_run');
    expect((await host.exec({ pad: 'main', code: 'print(kept)' })).stdout).toBe('yes\n');
  });

  it('a warning on stderr makes the cell not ok, as in Anton', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'import warnings\nwarnings.warn("old api")\nprint("done")' });
    expect(r).toMatchObject({ status: 'completed', ok: false, stdout: 'done\n', error: '' });
    expect(r.stderr).toContain('UserWarning: old api');
  });

  it('reports a syntax error', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'def broken(:\n    pass' });
    expect(r.status).toBe('completed');
    expect(r.error).toContain('SyntaxError');
  });

  it('sys.exit() stops the cell, not the pad', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'python', code: 'kept = 1' });
    const r = await host.exec({ pad: 'main', code: 'import sys\nsys.exit(3)' });
    expect(r).toMatchObject({ status: 'completed', ok: false, stateLost: false });
    expect(r.error).toContain('SystemExit: 3');
    expect((await host.exec({ pad: 'main', code: 'print(kept)' })).stdout).toBe('1\n');
  });

  it('captures output of subprocesses the cell starts', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'import os\nos.system("echo from-a-shell")' });
    expect(r).toMatchObject({ ok: true, stdout: 'from-a-shell\n' });
  });

  it('runs Node and Python pads side by side, each with its own state', async () => {
    const host = newHost();
    await Promise.all([host.exec({ pad: 'js', runtime: 'node', code: 'var who = "node"' }), host.exec({ pad: 'py', runtime: 'python', code: 'who = "python"' })]);
    const [js, py] = await Promise.all([host.exec({ pad: 'js', code: 'console.log(who)' }), host.exec({ pad: 'py', code: 'print(who)' })]);
    expect(js.stdout).toBe('node\n');
    expect(py.stdout).toBe('python\n');
  });
});
