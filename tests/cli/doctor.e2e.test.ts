// `engram doctor`, run as a newcomer runs it: a fresh set-up is ready (no model is a note, not a
// failure), a home that cannot be written and a store that cannot be reached are broken (exit 1)
// with what to fix; a running service is found.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from './run-cli.js';

interface Report {
  readonly ok: boolean;
  readonly checks: readonly { name: string; status: 'ok' | 'note' | 'broken'; found: string; fix?: string }[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const folder = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'engram-doctor-'));
  dirs.push(d);
  return d;
};
/** No model, store or home settings from the caller's environment. */
const clean = { ANTHROPIC_API_KEY: '', ENGRAM_LLM: '', ENGRAM_STORE: '', ENGRAM_HOME: '', OPENAI_BASE_URL: '' };
const statusOf = (r: Report, name: string) => r.checks.find((c) => c.name === name);

describe('engram doctor', () => {
  it('a fresh set-up is ready: every check named, no model is a note with the fix, --json is one clean object', () => {
    const root = folder();
    const r = runCli(['doctor', '--home', join(root, 'home'), '--project', root, '--json'], clean);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(['node', 'home', 'service', 'store', 'model', 'embedder']);
    expect(statusOf(report, 'node')?.status).toBe('ok');
    expect(statusOf(report, 'home')?.status).toBe('ok');
    expect(statusOf(report, 'service')?.status).toBe('note');
    expect(statusOf(report, 'model')).toMatchObject({ status: 'note' });
    expect(statusOf(report, 'model')?.fix).toMatch(/ANTHROPIC_API_KEY/);
    const text = runCli(['doctor', '--home', join(root, 'home'), '--project', root], clean);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^engram is ready\.$/m);
  }, 60_000);

  it('a home that cannot be written is broken: exit 1 and what to fix', () => {
    const root = folder();
    const notAFolder = join(root, 'file');
    writeFileSync(notAFolder, 'x');
    const r = runCli(['doctor', '--home', notAFolder, '--project', root, '--json'], clean);
    expect(r.status).toBe(1);
    const home = statusOf(JSON.parse(r.stdout) as Report, 'home');
    expect(home?.status).toBe('broken');
    expect(home?.fix).toMatch(/--home DIR/);
    const text = runCli(['doctor', '--home', notAFolder, '--project', root], clean);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/^BROKEN {2}home/m);
    expect(text.stdout).toMatch(/fix: make .* writable/);
  }, 60_000);

  it('a running engram serve for the home is found: the service check names its pid', async () => {
    const root = folder();
    const home = join(root, 'home');
    const service = spawn(process.execPath, [BIN, 'serve', '--home', home], { stdio: 'ignore', env: { ...process.env, ...clean } });
    try {
      for (let i = 0; i < 200 && !existsSync(join(home, 'run', 'engram.sock')); i++) await new Promise((r) => setTimeout(r, 50));
      const r = runCli(['doctor', '--home', home, '--project', root, '--json'], clean);
      expect(r.status).toBe(0);
      expect(statusOf(JSON.parse(r.stdout) as Report, 'service')).toMatchObject({ status: 'ok', found: `engram serve (pid ${service.pid}) answers, 0 session(s) warm` });
    } finally {
      if (service.exitCode === null) {
        const exited = new Promise((done) => service.once('exit', done));
        service.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);

  it('a store nobody listens on is broken: exit 1 naming it', () => {
    const root = folder();
    const r = runCli(['doctor', '--home', join(root, 'home'), '--project', root, '--json'], { ...clean, ENGRAM_STORE: 'postgres://engram@127.0.0.1:1/engram' });
    expect(r.status).toBe(1);
    const store = statusOf(JSON.parse(r.stdout) as Report, 'store');
    expect(store?.status).toBe('broken');
    expect(store?.fix).toMatch(/ENGRAM_STORE/);
  }, 60_000);
});
