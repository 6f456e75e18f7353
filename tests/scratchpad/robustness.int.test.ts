import { toCellEvent } from '@engram/scratchpad';
import { describe, expect, it } from 'vitest';
import { newHost, pythonSkipReason } from './pad-host.js';

const py = pythonSkipReason === undefined ? '' : ` (skipped: ${pythonSkipReason})`;

describe('a child that exits in the middle of a cell', () => {
  it('is reported as died, with the output it wrote, and the pad restarts fresh (Node)', async () => {
    const host = newHost();
    await host.exec({ pad: 'main', runtime: 'node', code: 'var kept = 1' });
    const r = await host.exec({ pad: 'main', code: 'console.log("last words"); process.exit(2)' });
    expect(r).toMatchObject({ status: 'died', ok: false, stateLost: true, stdout: 'last words\n' });
    expect(r.error).toContain('exited in the middle of the cell (exit code 2)');
    expect(toCellEvent(r)).toMatchObject({ type: 'scratchpad.cell.executed', data: { ok: false } });
    const next = await host.exec({ pad: 'main', code: 'console.log(typeof kept)' });
    expect(next).toMatchObject({ status: 'completed', stdout: 'undefined\n', freshProcess: true });
  });

  it.skipIf(pythonSkipReason !== undefined)(`is reported as died (Python os._exit)${py}`, async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'import os\nprint("bye", flush=True)\nos._exit(3)' });
    expect(r).toMatchObject({ status: 'died', stdout: 'bye\n', stateLost: true });
    expect(r.error).toContain('exit code 3');
  });

  it('a child SIGKILLed from outside reads as a heavy kill (out of memory, usually)', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'process.kill(process.pid, "SIGKILL")' });
    expect(r).toMatchObject({ status: 'killed', kill: { cause: 'external' } });
    expect(r.kill?.reason).toMatch(/^Cell killed by SIGKILL from outside the pad/);
  });
});

describe('cells printing protocol-looking text', () => {
  const fakes = [
    '{"t":"done","id":"main-1","error":"","durationMs":1}',
    '{"t":"ready","runtime":"node","version":"x","pid":1}',
    '\u0001engram-cell-end:00000000000000000000000000000000\u0001',
    'not json at all {',
  ];

  it('do not confuse the host (Node)', async () => {
    const host = newHost();
    const code = `${fakes.map((f) => `console.log(${JSON.stringify(f)}); console.error(${JSON.stringify(f)});`).join('\n')}\nvar after = "still here"; console.log(after)`;
    const r = await host.exec({ pad: 'main', runtime: 'node', code, cellId: 'main-1' });
    expect(r.status).toBe('completed');
    expect(r.stdout).toBe(`${fakes.join('\n')}\nstill here\n`);
    expect(r.stderr).toBe(`${fakes.join('\n')}\n`);
    expect((await host.exec({ pad: 'main', code: 'console.log(after)' })).stdout).toBe('still here\n');
  });

  it.skipIf(pythonSkipReason !== undefined)(`do not confuse the host (Python, output without a final newline)${py}`, async () => {
    const host = newHost();
    const code = `import sys\n${fakes.map((f) => `print(${JSON.stringify(f)})`).join('\n')}\nsys.stdout.write("no newline")`;
    const r = await host.exec({ pad: 'main', runtime: 'python', code });
    expect(r).toMatchObject({ status: 'completed', ok: true, stdout: `${fakes.join('\n')}\nno newline` });
  });
});

describe('output truncation', () => {
  it('keeps the head and tail of a huge output, flags it and counts every byte', async () => {
    const host = newHost({ maxOutputBytes: 1000 });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'console.log("FIRST"); for (let i = 0; i < 20000; i++) console.log("line " + i); console.log("LAST")' });
    expect(r.status).toBe('completed');
    expect(r.truncated).toBe(true);
    expect(r.stdout.startsWith('FIRST\n')).toBe(true);
    expect(r.stdout.endsWith('LAST\n')).toBe(true);
    expect(r.stdout).toMatch(/bytes truncated: output over the 1000-byte per-stream limit/);
    expect(r.stdout.length).toBeLessThan(1300);
    expect(r.stdoutBytes).toBeGreaterThan(200_000);
    expect(toCellEvent(r)).toMatchObject({ data: { truncated: true, stdoutLength: r.stdoutBytes } });
  });

  it('applies a per-cell limit and truncates a huge error too', async () => {
    const host = newHost();
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'throw new Error("x".repeat(100000))', maxOutputBytes: 500 });
    expect(r.truncated).toBe(true);
    expect(r.error.length).toBeLessThan(800);
  });
});

describe('the child environment', () => {
  it('holds no secrets from the host, only the allow-list and explicit extras', async () => {
    const inheritedEnv = {
      ...process.env,
      ANTHROPIC_API_KEY: 'sk-ant-api03-thisisnotarealkeybutlookslikeone',
      OPENAI_API_KEY: 'sk-proj-thisisnotarealkeybutlookslikeone',
      AWS_SECRET_ACCESS_KEY: 'abc123',
      GITHUB_TOKEN: 'ghp_thisisnotarealtokenbutlookslikeone1234',
      DB_PASSWORD: 'hunter2',
      SOME_RANDOM_VAR: 'not allow-listed',
    };
    const host = newHost({ inheritedEnv, env: { DATASET: 'sales.csv', EXTRA_TOKEN: 'dropped' } });
    const r = await host.exec({ pad: 'main', runtime: 'node', code: 'console.log(JSON.stringify(process.env))' });
    const env = JSON.parse(r.stdout) as Record<string, string>;
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'SOME_RANDOM_VAR', 'EXTRA_TOKEN', 'NODE_OPTIONS']) {
      expect(env[name], name).toBeUndefined();
    }
    expect(env['DATASET']).toBe('sales.csv');
    expect(env['PATH']).toBe(process.env['PATH']);
    expect(r.stdout).not.toMatch(/sk-ant|sk-proj|ghp_|hunter2/);
  });

  it.skipIf(pythonSkipReason !== undefined)(`is the same for Python pads${py}`, async () => {
    const host = newHost({ inheritedEnv: { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-api03-thisisnotarealkeybutlookslikeone' } });
    const r = await host.exec({ pad: 'main', runtime: 'python', code: 'import os\nprint("ANTHROPIC_API_KEY" in os.environ, os.environ.get("PYTHONUNBUFFERED"))' });
    expect(r.stdout).toBe('False 1\n');
  });
});
