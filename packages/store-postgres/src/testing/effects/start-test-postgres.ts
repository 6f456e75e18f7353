import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A throwaway PostgreSQL server in a temp folder, listening on 127.0.0.1 only. */
export interface TestPostgres {
  /** A superuser URL (for set-up: roles, databases). */
  readonly adminUrl: string;
  /** Creates a fresh database owned by a fresh non-superuser role and returns its URL. */
  readonly createDatabase: (name: string) => string;
  readonly port: number;
  /** The suite's end: stops a server of its own; on the run's shared server, drops the suite's databases and roles (the server stays up). */
  readonly stop: () => void;
  /** Stops and starts the server on the same port and data (a restart mid-session); only on a server of its own. */
  readonly restart: () => void;
}

/** Why PostgreSQL suites cannot run here (reported as a skip with this reason), or null. */
export type TestPostgresStart = { readonly ok: true; readonly pg: TestPostgres } | { readonly ok: false; readonly reason: string };

/**
 * The folder of the one server a test run shares (set by the run's global set-up): suites then
 * get a database each on it instead of paying initdb and a start each (~27 servers a run).
 */
export const SHARED_TEST_POSTGRES_ENV = 'ENGRAM_TEST_PG_SHARED';
/** How long a suite waits for another suite's worker to finish starting the shared server. */
const SHARED_START_WAIT_MS = 180_000;
const SHARED_POLL_MS = 100;

const binDir = (): string | null => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : join(root, versions[0]!, 'bin');
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr !== null ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

/** Runs a PostgreSQL binary, as user `postgres` when the tests run as root (initdb refuses root). */
const runAs = (bin: string, cmd: string, args: readonly string[]): void => {
  const full = join(bin, cmd);
  const r = process.getuid?.() === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
};

interface Server {
  readonly port: number;
  readonly start: () => void;
  readonly stopFast: () => void;
  readonly stopNow: () => void;
  readonly psql: (sql: string) => void;
}

/** The server whose data lives in `dir` on `port` (initdb done by `launch`). */
const server = (bin: string, dir: string, port: number): Server => {
  const data = join(dir, 'data');
  return {
    port,
    start: () => runAs(bin, 'pg_ctl', ['-D', data, '-w', '-l', join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`, 'start']),
    stopFast: () => runAs(bin, 'pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    stopNow: () => runAs(bin, 'pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']),
    psql: (sql) => {
      const r = spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
    },
  };
};

/**
 * initdb with trust auth in `dir` (owned by `postgres` as root), then a start on a free
 * loopback port, sockets in the folder, fsync off (test data is throwaway).
 */
const launch = async (bin: string, dir: string): Promise<Server> => {
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  runAs(bin, 'initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const s = server(bin, dir, await freePort());
  s.start();
  return s;
};

const validName = (name: string): void => {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`test database name ${JSON.stringify(name)}: use [a-z][a-z0-9_]*`);
};

const createOn = (s: Server, name: string): string => {
  s.psql(`CREATE ROLE ${name} LOGIN NOSUPERUSER`);
  s.psql(`CREATE DATABASE ${name} OWNER ${name}`);
  return `postgres://${name}@127.0.0.1:${s.port}/${name}`;
};

/** A suite's handle on a server: `unique` names its databases, `release` runs once, at the first `stop`. */
const handle = (s: Server, unique: (name: string) => string, restart: () => void, release: () => void): TestPostgres => {
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${s.port}/postgres`,
    port: s.port,
    createDatabase: (name) => {
      validName(name);
      return createOn(s, unique(name));
    },
    restart,
    stop: () => {
      if (stopped) return;
      stopped = true;
      release();
    },
  };
};

/** A server of the suite's own, stopped and removed by `stop`. */
const ownServer = async (bin: string): Promise<TestPostgresStart> => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-pg-'));
  try {
    const s = await launch(bin, dir);
    const restart = (): void => {
      s.stopFast();
      s.start();
    };
    const release = (): void => {
      try {
        s.stopNow();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    return { ok: true, pg: handle(s, (name) => name, restart, release) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `could not start PostgreSQL: ${err instanceof Error ? err.message : String(err)}` };
  }
};

/**
 * The run's shared server: the first suite to ask starts it (a mkdir is the lock, so exactly one
 * worker runs initdb), the others wait for its `server.json`; the global teardown stops it.
 */
const sharedServer = async (bin: string, shared: string): Promise<Server> => {
  const ready = join(shared, 'server.json');
  const failed = join(shared, 'failed.txt');
  let won = false;
  try {
    mkdirSync(join(shared, 'lock'));
    won = true;
  } catch {
    // Another worker holds the lock: it is starting the server.
  }
  if (won) {
    const dir = join(shared, 'server');
    mkdirSync(dir);
    // As root the server runs as user postgres, which must reach its folder inside this one.
    chmodSync(shared, 0o711);
    try {
      const s = await launch(bin, dir);
      writeFileSync(ready, JSON.stringify({ port: s.port }));
      return s;
    } catch (err) {
      writeFileSync(failed, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }
  const deadline = Date.now() + SHARED_START_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return server(bin, join(shared, 'server'), (JSON.parse(readFileSync(ready, 'utf8')) as { port: number }).port);
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    await sleep(SHARED_POLL_MS);
  }
  throw new Error(`the shared server in ${shared} did not start within ${SHARED_START_WAIT_MS / 1000} s`);
};

/** A suite's view of the shared server: its own databases and roles (names made unique), dropped by `stop`. */
const onShared = async (bin: string, shared: string): Promise<TestPostgresStart> => {
  try {
    const s = await sharedServer(bin, shared);
    const suffix = `_${process.pid.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
    const made: string[] = [];
    const unique = (name: string): string => {
      made.push(`${name}${suffix}`);
      return `${name}${suffix}`;
    };
    const restart = (): void => {
      throw new Error('restart() stops the server for every suite that shares it: start this suite with startTestPostgres({ own: true })');
    };
    // Best effort: the run's teardown removes the whole server anyway; this only keeps a long
    // run's server small. DROP DATABASE cannot share a transaction, hence two calls.
    const release = (): void => {
      for (const name of made) {
        try {
          s.psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          s.psql(`DROP ROLE IF EXISTS ${name}`);
        } catch {
          // The server is already gone or the suite still holds the role elsewhere: left to the teardown.
        }
      }
    };
    return { ok: true, pg: handle(s, unique, restart, release) };
  } catch (err) {
    return { ok: false, reason: `could not start PostgreSQL: ${err instanceof Error ? err.message : String(err)}` };
  }
};

/**
 * A server as TOOLCHAIN.md describes, never reaching beyond 127.0.0.1. Inside a test run whose
 * global set-up shares one (`ENGRAM_TEST_PG_SHARED`), a database per `createDatabase` on that
 * server; `own: true` (a suite that restarts its server) or outside such a run, a server of its own.
 */
export const startTestPostgres = async (options: { readonly own?: boolean } = {}): Promise<TestPostgresStart> => {
  const bin = binDir();
  if (bin === null) return { ok: false, reason: 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl; .ci/run installs it with apt)' };
  const shared = process.env[SHARED_TEST_POSTGRES_ENV];
  return shared !== undefined && shared !== '' && options.own !== true ? onShared(bin, shared) : ownServer(bin);
};

/** The global teardown: stops the run's shared server, if a suite started it, and removes its folder. */
export const stopSharedTestPostgres = (shared: string): void => {
  const bin = binDir();
  try {
    if (bin !== null && existsSync(join(shared, 'server.json'))) server(bin, join(shared, 'server'), 0).stopNow();
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
};
