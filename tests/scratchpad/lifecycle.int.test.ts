import { MAX_VIEW_CELLS, PadNameError, ScratchpadError } from '@engram/scratchpad';
import { describe, expect, it } from 'vitest';
import { newHost, pythonSkipReason } from './pad-host.js';

describe('reset', () => {
  it('clears a Node pad: fresh process, no variables, no history', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'node', code: 'var kept = 1' });
    expect(await host.reset('main')).toEqual({ existed: true });
    expect(host.view('main')).toMatchObject({ cellsRun: 0, cells: [], alive: false });
    const r = await host.exec({ pad: 'main', code: 'console.log(typeof kept)' });
    expect(r).toMatchObject({ stdout: 'undefined\n', freshProcess: false });
    expect(r.notice).toBeUndefined();
  });

  it.skipIf(pythonSkipReason !== undefined)(`clears a Python pad${pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`}`, async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'python', code: 'kept = 1' });
    await host.reset('main');
    const r = await host.exec({ pad: 'main', code: 'print("kept" in globals())' });
    expect(r.stdout).toBe('False\n');
  });

  it('says an unknown pad did not exist', async () => {
    expect(await newHost().reset('nope')).toEqual({ existed: false });
  });

  it('stops a running cell, which reads as cancelled', async () => {
    const host = newHost();
    const running = host.exec({ pad: 'main', runtime: 'node', code: 'setInterval(() => console.log("."), 50); await new Promise(() => {})' });
    for (let i = 0; i < 200 && host.list()[0]?.busy !== true; i++) await new Promise((r) => setTimeout(r, 10));
    await host.reset('main');
    expect((await running).kill?.cause).toBe('cancelled');
  });
});

describe('view, list and remove', () => {
  it('shows the cells run so far and lists pads', async () => {
    const host = newHost();
    await host.exec({ pad: 'a', runtime: 'node', code: 'console.log(1)' });
    await host.exec({ pad: 'a', code: 'throw new Error("no")' });
    await host.exec({ pad: 'b', runtime: 'node', code: 'var z = 2' });
    const view = host.view('a');
    expect(view).toMatchObject({ name: 'a', runtime: 'node', alive: true, busy: false, cellsRun: 2, omittedCells: 0 });
    expect(view?.cells.map((c) => [c.code, c.ok, c.stdout])).toEqual([
      ['console.log(1)', true, '1\n'],
      ['throw new Error("no")', false, ''],
    ]);
    expect(view?.cells[1]?.error).toContain('Error: no');
    expect(host.list().map((p) => p.name)).toEqual(['a', 'b']);
    expect(host.view('missing')).toBeUndefined();
    expect(await host.remove('a')).toBe(true);
    expect(await host.remove('a')).toBe(false);
    expect(host.list().map((p) => p.name)).toEqual(['b']);
  });

  it('keeps at most MAX_VIEW_CELLS cells and counts the rest', async () => {
    const host = newHost();
    for (let i = 0; i < MAX_VIEW_CELLS + 3; i++) await host.exec({ pad: 'a', runtime: 'node', code: `var i${i} = ${i}` });
    const view = host.view('a');
    expect(view?.cells).toHaveLength(MAX_VIEW_CELLS);
    expect(view?.omittedCells).toBe(3);
    expect(view?.cells[0]?.code).toBe('var i3 = 3');
  });

  it('runs the cells of one pad one after another, in order', async () => {
    const host = newHost();
    const results = await Promise.all([0, 1, 2, 3].map((i) => host.exec({ pad: 'a', runtime: 'node', code: `var log = (globalThis.log ?? []).concat(${i}); await new Promise((r) => setTimeout(r, ${(4 - i) * 10})); console.log(log.join(","))` })));
    expect(results.map((r) => r.stdout)).toEqual(['0\n', '0,1\n', '0,1,2\n', '0,1,2,3\n']);
  });
});

describe('refused requests', () => {
  it.each(['../x', '', 'x'.repeat(65), 'bad\nname', 'a/b'])('refuses the pad name %j with a clear error', async (pad) => {
    const host = newHost();
    await expect(host.exec({ pad, runtime: 'node', code: '1' })).rejects.toThrow(PadNameError);
    expect(() => host.view(pad)).toThrow(/Pad name/);
    await expect(host.reset(pad)).rejects.toThrow(PadNameError);
    expect(host.list()).toEqual([]);
  });

  it('refuses empty code, a runtime switch and a closed host', async () => {
    const host = newHost();
    await expect(host.exec({ pad: 'a', runtime: 'node', code: '  \n' })).rejects.toMatchObject({ _tag: 'ScratchpadError', reason: 'empty-code' });
    await host.exec({ pad: 'a', runtime: 'node', code: '1' });
    await expect(host.exec({ pad: 'a', runtime: 'python', code: 'print(1)' })).rejects.toMatchObject({ _tag: 'ScratchpadError', reason: 'runtime-mismatch' });
    await expect(host.exec({ pad: 'a', code: '1', timeoutMs: -5 })).rejects.toMatchObject({ _tag: 'ScratchpadError', reason: 'invalid-limit' });
    await host.closeAll();
    await expect(host.exec({ pad: 'a', code: '1' })).rejects.toBeInstanceOf(ScratchpadError);
  });

  it('refuses a runtime the host has not enabled', async () => {
    const host = newHost({ runtimes: { node: {} } });
    await expect(host.exec({ pad: 'a', runtime: 'python', code: 'print(1)' })).rejects.toMatchObject({ _tag: 'ScratchpadError', reason: 'runtime-disabled' });
    expect((await host.exec({ pad: 'b', code: 'console.log("default is node here")' })).stdout).toBe('default is node here\n');
  });

  it('reports a runtime that cannot start as a failed cell, not a crash', async () => {
    const host = newHost({ runtimes: { python: { command: '/nonexistent/python3' } } });
    const r = await host.exec({ pad: 'a', code: 'print(1)' });
    expect(r).toMatchObject({ status: 'failed-to-start', ok: false });
    expect(r.error).toMatch(/Could not start the python runtime \(\/nonexistent\/python3\).*ENOENT/);
  });
});
