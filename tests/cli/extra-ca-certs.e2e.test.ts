import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startEmbeddingsServer, type EmbeddingsServer } from '@engram/hippocampus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';
import { stopServices } from '../support/stop-services.js';
import { ENGRAM } from './run-cli.js';

/**
 * NODE_EXTRA_CA_CERTS makes every Node process read a file of certificates as it starts, before
 * any script (about 80 ms of each hook here). The `engram` command sets it aside for a command
 * that opens no TLS connection, gives it back to whatever that command starts, and keeps it for a
 * command that reaches an embedder or a PostgreSQL store. These tests read the environment Node
 * was started with from /proc, and reach a real HTTPS embeddings server on 127.0.0.1 whose
 * certificate only that setting makes trusted.
 */
const root = mkdtempSync(join(tmpdir(), 'engram-extra-ca-'));
const CERT = join(root, 'cert.pem');
const KEY = join(root, 'key.pem');
let server: EmbeddingsServer;

beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1, made by Debian's openssl for this run (nothing secret is committed).
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', KEY, '-out', CERT, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  server = await startEmbeddingsServer({ tls: { key: readFileSync(KEY, 'utf8'), cert: readFileSync(CERT, 'utf8') } });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A user's environment for the `engram` command, with NODE_EXTRA_CA_CERTS naming this run's certificate and no store or embedder of the caller's. */
const userEnv = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const { ENGRAM_STORE: _store, ENGRAM_EMBEDDER_URL: _url, ENGRAM_EMBED_MODEL: _model, ...env } = process.env;
  return { ...env, ENGRAM_HOME: home, ENGRAM_BUNDLE: '', NODE_OPTIONS: '', NODE_EXTRA_CA_CERTS: CERT, ...extra };
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The environment a process was started with (what Node read at its start), by name. */
const startEnvOf = (pid: number): Map<string, string> =>
  new Map(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter((kv) => kv.includes('='))
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );

/** The node process that `pid` (the `engram` script) became or started: it execs the launcher, and waits for a snapshot start. */
const nodeOf = async (pid: number): Promise<number> => {
  const isNode = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0]?.endsWith('node') === true;
    } catch {
      return false;
    }
  };
  const childrenOf = (p: number) =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((c) => {
        try {
          return readFileSync(`/proc/${c}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(p);
        } catch {
          return false;
        }
      });
  for (let i = 0; i < 200; i++) {
    if (isNode(pid)) return pid;
    const child = childrenOf(pid).find(isNode);
    if (child !== undefined) return child;
    await pause(25);
  }
  throw new Error(`no node process under ${pid} after 5 s`);
};

const hookPayload = (name: string, project: string): string => {
  const found = loadFixtures<Record<string, unknown> & { why: string }>('hooks').find((f) => f.file === `${name}.json`);
  if (found === undefined) throw new Error(`no hook fixture ${name}`);
  const { why: _why, ...payload } = found.fixture;
  return JSON.stringify({ ...payload, cwd: project, session_id: 'extra-ca-session' });
};

/**
 * `engram hook NAME` with its payload held back until the node process it runs has been looked
 * at: what Node started with, then the hook's exit and stderr.
 */
const hookSeen = async (name: string, fixture: string, project: string, env: NodeJS.ProcessEnv) => {
  const child = spawn(ENGRAM, ['hook', name], { cwd: project, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((done) => child.on('close', done));
  const started = startEnvOf(await nodeOf(child.pid ?? 0));
  child.stdin.end(hookPayload(fixture, project));
  return { started, status: await exited, stderr };
};

describe('NODE_EXTRA_CA_CERTS, set aside where no TLS connection is opened', () => {
  it('a hook starts without it, the engram serve it starts has it back, and the served-hook client starts without it', async () => {
    const home = join(root, 'hook-home');
    const project = join(root, 'hook-project');
    mkdirSync(project, { recursive: true });
    const env = userEnv(home, { ENGRAM_SERVE: '', CLAUDE_PROJECT_DIR: '' });
    const pidFile = join(home, 'run', 'serve.pid');
    try {
      const first = await hookSeen('session-start', 'session-start', project, env);
      expect([first.status, first.stderr]).toEqual([0, '']);
      expect(first.started.get('NODE_EXTRA_CA_CERTS')).toBeUndefined();
      expect(first.started.get('ENGRAM_NODE_EXTRA_CA_CERTS')).toBe(CERT);
      // No service ran for this home: the hook started one in the background, with the user's setting.
      for (let i = 0; i < 200 && !existsSync(join(home, 'run', 'engram.sock')); i++) await pause(50);
      const service = startEnvOf(Number(readFileSync(pidFile, 'utf8').trim()));
      expect(service.get('NODE_EXTRA_CA_CERTS')).toBe(CERT);
      expect(service.has('ENGRAM_NODE_EXTRA_CA_CERTS')).toBe(false);
      // The next hook is the small client that hands the payload to that service.
      expect(spawnSync(ENGRAM, ['--explain-start', 'hook', 'pre-tool-use'], { encoding: 'utf8', cwd: project, env }).stdout).toMatch(/^client: .*\nNODE_EXTRA_CA_CERTS: set aside/);
      const second = await hookSeen('pre-tool-use', 'pre-tool-use-bash', project, env);
      expect([second.status, second.stderr]).toEqual([0, '']);
      expect(second.started.has('NODE_EXTRA_CA_CERTS')).toBe(false);
    } finally {
      await stopServices(home);
    }
  }, 120_000);

  it('is set aside for --version and the memory commands, kept when a store or an embedder is set by variable or flag', () => {
    const env = userEnv(join(root, 'explain-home'), { ENGRAM_SERVE: '0' });
    const explain = (args: readonly string[], extra: NodeJS.ProcessEnv = {}) => spawnSync(ENGRAM, ['--explain-start', ...args], { encoding: 'utf8', env: { ...env, ...extra } }).stdout;
    const aside = /\nNODE_EXTRA_CA_CERTS: set aside \(this command opens no TLS connection/;
    for (const args of [['--version'], ['hook', 'stop'], ['memory', 'add', 'TEXT'], ['memory', 'context'], ['memory', 'show'], ['recall', 'QUERY']]) expect(explain(args)).toMatch(aside);
    for (const [args, extra] of [
      [['hook', 'pre-tool-use'], { ENGRAM_STORE: 'postgres://engram@127.0.0.1:5432/engram' }],
      [['recall', 'QUERY'], { ENGRAM_EMBEDDER_URL: 'https://127.0.0.1:9/v1' }],
      [['recall', 'QUERY', '--embedder', 'https://127.0.0.1:9/v1'], {}],
      [['memory', 'show', '--store=postgres://engram@127.0.0.1:5432/engram'], {}],
      // Commands that may reach a model, an embedder or a store keep it always.
      [['doctor'], {}],
      [['mcp'], {}],
    ] as const)
      expect(explain(args, extra)).not.toMatch(/NODE_EXTRA_CA_CERTS/);
  });

  it('a command given an HTTPS embedder keeps it: memory context ranks by meaning through a server that only that setting trusts', async () => {
    const home = join(root, 'embed-home');
    const project = join(root, 'embed-project');
    mkdirSync(project, { recursive: true });
    const roots = ['--home', home, '--project', project];
    const run = promisify(execFile);
    const engram = async (args: readonly string[], env: NodeJS.ProcessEnv) => {
      // Asynchronously: the embeddings server answers from this process meanwhile.
      try {
        const r = await run(ENGRAM, [...args], { env, timeout: 60_000 });
        return { code: 0, stdout: r.stdout, stderr: r.stderr };
      } catch (err) {
        const e = err as { code?: number; stdout?: string; stderr?: string };
        return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    };
    const env = userEnv(home, { ENGRAM_SERVE: '0' });
    for (const lesson of ['Karl mended the gearbox of the automobile', 'the staging cluster was renamed', 'release notes live in docs/releases'])
      expect((await engram(['memory', 'add', '--kind', 'lesson', lesson, ...roots], env)).code).toBe(0);
    const question = 'who can fix my car transmission';
    const firstLesson = (out: string): string => (JSON.parse(out) as { context: string }).context.split('\n').find((l) => l.startsWith('- ')) ?? '';
    const context = ['memory', 'context', '--json', '--message', question, ...roots];
    const byVariable: NodeJS.ProcessEnv = { ...env, ENGRAM_EMBEDDER_URL: server.url, ENGRAM_EMBED_MODEL: 'test-ngram-64' };
    const before = server.requests();
    for (const [args, withEnv] of [
      [context, byVariable],
      [[...context, '--embedder', server.url, '--embed-model', 'test-ngram-64'], env],
    ] as const) {
      const r = await engram(args, withEnv);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(firstLesson(r.stdout)).toContain('Karl mended the gearbox of the automobile');
    }
    expect(server.requests()).toBeGreaterThan(before);
    // Without the setting the server's certificate is not trusted: what the two runs above would
    // have met had the command set it aside.
    const { NODE_EXTRA_CA_CERTS: _ca, ...untrusting } = byVariable;
    const refused = await engram(context, untrusting);
    expect(refused.stderr).toMatch(/embedder failed, the memory block is ranked by words only: .*(certificate|SELF_SIGNED)/i);
  }, 120_000);
});
