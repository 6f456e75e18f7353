import { MIGRATIONS } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

describe('engram store: settings', () => {
  it('exits 2 naming the setting when no store is configured or the URL is not PostgreSQL', () => {
    const none = runCli(['store', 'status'], { ENGRAM_STORE: '' });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('ENGRAM_STORE');
    const bad = runCli(['store', 'status', '--store', 'sqlite:///tmp/x.db']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--store');
    const tenant = runCli(['store', 'status', '--store', 'postgres://u@127.0.0.1:1/db'], { ENGRAM_TENANT: '../other' });
    expect(tenant.status).toBe(2);
    expect(tenant.stderr).toContain('ENGRAM_TENANT');
  });

  it('reads the settings with the runtime\'s one parser: an empty ENGRAM_TENANT is exit 2 naming it, never the default tenant', () => {
    for (const args of [['store', 'status'], ['memory', 'show'], ['log', 'list']]) {
      const empty = runCli([...args, '--store', 'postgres://u@127.0.0.1:1/db'], { ENGRAM_TENANT: '' });
      expect(empty.status, `${args.join(' ')}: ${empty.stderr}`).toBe(2);
      expect(empty.stderr).toContain('ENGRAM_TENANT: tenant ""');
    }
  });
});

describe.skipIf(!started.ok)(`engram store against a real server${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  const url = started.ok ? started.pg.createDatabase('store_cli') : '';

  it('shows a new database behind, migrates it once, then reports it current with this tenant\'s rows', () => {
    const before = runCli(['store', 'status', '--store', url, '--json']);
    expect(before.status).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({ schemaVersion: 0, tenant: 'default', tenantIsolation: true });
    expect(runCli(['store', 'status', '--store', url]).stdout).toContain('behind');

    const first = runCli(['store', 'migrate', '--json'], { ENGRAM_STORE: url });
    expect(first.status).toBe(0);
    const m = JSON.parse(first.stdout) as { from: number; to: number; applied: string[] };
    expect(m.from).toBe(0);
    expect(m.applied).toEqual(MIGRATIONS.map((x) => `${x.version} ${x.name}`));
    expect(m.to).toBe(MIGRATIONS.at(-1)?.version);
    const again = runCli(['store', 'migrate', '--store', url]);
    expect(again.stdout).toContain('schema is current');

    const after = JSON.parse(runCli(['store', 'status', '--store', url, '--tenant', 'acme', '--json']).stdout) as Record<string, unknown>;
    expect(after).toMatchObject({ schemaVersion: m.to, newestVersion: m.to, tenant: 'acme', rows: { events: 0 } });
  });

  it('warns that a superuser bypasses tenant isolation', () => {
    if (!started.ok) return;
    const r = runCli(['store', 'status', '--store', started.pg.adminUrl]);
    expect(r.stdout).toContain('NOT enforced');
  });

  it('exits 3 with the server named (no password) when it is unreachable', () => {
    if (!started.ok) return;
    const r = runCli(['store', 'status', '--store', `postgres://engram:pw-should-not-show@127.0.0.1:${started.pg.port + 1}/x`]);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(`127.0.0.1:${started.pg.port + 1}`);
    expect(r.stderr).not.toContain('pw-should-not-show');
  });
});
