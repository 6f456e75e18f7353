import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL server in a temp folder, listening on 127.0.0.1 only. */
export interface TestPostgres {
  /** A superuser URL (for set-up: roles, databases). */
  readonly adminUrl: string;
  /** Creates a fresh database owned by a fresh non-superuser role and returns its URL. */
  readonly createDatabase: (name: string) => string;
  readonly port: number;
  readonly stop: () => void;
  /** Stops and starts the server on the same port and data (a restart mid-session). */
  readonly restart: () => void;
}

/** Why PostgreSQL suites cannot run here (reported as a skip with this reason), or null. */
export type TestPostgresStart = { readonly ok: true; readonly pg: TestPostgres } | { readonly ok: false; readonly reason: string };

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

/**
 * Starts a server as TOOLCHAIN.md describes: `initdb` with trust auth and `pg_ctl` on a free
 * loopback port, sockets in the temp folder, fsync off (test data is throwaway). As root the
 * binaries run as user `postgres` (initdb refuses root). Never reaches beyond 127.0.0.1.
 */
export const startTestPostgres = async (): Promise<TestPostgresStart> => {
  const bin = binDir();
  if (bin === null) return { ok: false, reason: 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl; .ci/run installs it with apt)' };
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'engram-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const as = (cmd: string, args: readonly string[]) => {
    const full = join(bin, cmd);
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const start = () => as('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`, 'start']);
    const stopServer = () => as('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
    start();
    const psql = (sql: string) => {
      const r = spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
    };
    let stopped = false;
    return {
      ok: true,
      pg: {
        adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        createDatabase: (name) => {
          if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`test database name ${JSON.stringify(name)}: use [a-z][a-z0-9_]*`);
          psql(`CREATE ROLE ${name} LOGIN NOSUPERUSER`);
          psql(`CREATE DATABASE ${name} OWNER ${name}`);
          return `postgres://${name}@127.0.0.1:${port}/${name}`;
        },
        restart: () => {
          stopServer();
          start();
        },
        stop: () => {
          if (stopped) return;
          stopped = true;
          try {
            as('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `could not start PostgreSQL: ${err instanceof Error ? err.message : String(err)}` };
  }
};
