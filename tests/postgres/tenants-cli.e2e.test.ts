import { startTestPostgres } from '@engram/store-postgres/testing';
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

/**
 * Issue 28 item 1 as a person meets it: ENGRAM_STORE at the server's superuser, two tenants, the
 * memory commands; then `engram store grant` and the connection it prints, as printed.
 */
// A server of its own: `store grant` creates login roles, which belong to the whole server, not to one database.
const started = await startTestPostgres({ own: true });
afterAll(() => (started.ok ? started.pg.stop() : undefined));

interface Listed {
  readonly [scope: string]: { readonly lessons: readonly { readonly text: string }[] };
}

const SECRET = 'acme ships on Tuesdays through the blue pipeline';

const roots = () => {
  const home = mkdtempSync(join(tmpdir(), 'engram-tenants-cli-'));
  const project = join(home, 'project');
  mkdirSync(project);
  return { home, args: ['--home', home, '--project', project] };
};

const lessons = (stdout: string): string[] => (JSON.parse(stdout) as Listed)['global']?.lessons.map((l) => l.text) ?? [];

describe.skipIf(!started.ok)(`tenants on one PostgreSQL server, from the CLI${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  const owner = started.ok ? started.pg.createDatabase('tenants_cli') : '';
  const superuser = owner.replace(/\/\/[^@/]+@/, '//postgres@');

  it('refuses the superuser in one line (exit 2) unless --allow-unisolated, says so then, and never shows one tenant\'s memory to another', { timeout: 180_000 }, () => {
    const { args } = roots();
    const asSuper = { ENGRAM_STORE: superuser };
    const refused = runCli(['memory', 'add', SECRET, '--kind', 'lesson', '--scope', 'global', ...args], { ...asSuper, ENGRAM_TENANT: 'acme' });
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/role "postgres" is a superuser or BYPASSRLS.*engram store grant --tenant NAME.*--allow-unisolated/);

    const added = runCli(['memory', 'add', SECRET, '--kind', 'lesson', '--scope', 'global', '--allow-unisolated', ...args], { ...asSuper, ENGRAM_TENANT: 'acme' });
    expect(added.status, added.stderr).toBe(0);
    expect(added.stderr.match(/UNISOLATED/g)).toHaveLength(1);
    const mine = runCli(['memory', 'show', '--json', ...args], { ...asSuper, ENGRAM_TENANT: 'acme', ENGRAM_ALLOW_UNISOLATED: '1' });
    expect(mine.status, mine.stderr).toBe(0);
    expect(lessons(mine.stdout)).toEqual([SECRET]);
    expect(mine.stderr).toMatch(/^engram: UNISOLATED: role "postgres" bypasses row-level security/);

    // The issue's case: the other tenant, by variable and by flag.
    const byVariable = runCli(['memory', 'show', '--json', ...args], { ...asSuper, ENGRAM_TENANT: 'globex', ENGRAM_ALLOW_UNISOLATED: '1' });
    expect(byVariable.status, byVariable.stderr).toBe(0);
    expect(byVariable.stdout).not.toContain(SECRET);
    const byFlag = runCli(['--allow-unisolated', 'memory', 'show', '--json', '--tenant', 'globex', ...args], asSuper);
    expect(byFlag.status, byFlag.stderr).toBe(0);
    expect(byFlag.stdout).not.toContain(SECRET);

    const status = runCli(['store', 'status', '--json', '--tenant', 'acme'], asSuper);
    expect(status.status, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ tenant: 'acme', tenantIsolation: false, tenantBinding: 'none' });
  });

  it('store grant makes a role that reaches only its tenant; the printed connection works as printed and the password is only in the file', { timeout: 180_000 }, () => {
    const { home, args } = roots();
    const admin = { ENGRAM_STORE: superuser };
    const seeded = runCli(['memory', 'add', SECRET, '--kind', 'lesson', '--scope', 'global', '--allow-unisolated', ...args], { ...admin, ENGRAM_TENANT: 'acme' });
    expect(seeded.status, seeded.stderr).toBe(0);

    const passFile = join(home, 'acme.pgpass');
    const granted = runCli(['store', 'grant', '--tenant', 'acme', '--password-file', passFile], admin);
    expect(granted.status, granted.stderr).toBe(0);
    const connect = /^connect: (.+)$/m.exec(granted.stdout)?.[1];
    expect(connect, granted.stdout).toBeDefined();
    expect(statSync(passFile).mode & 0o777).toBe(0o600);
    const password = readFileSync(passFile, 'utf8').trim().split(':').at(-1)!;
    expect(password.length).toBeGreaterThanOrEqual(40);
    expect(granted.stdout + granted.stderr).not.toContain(password);
    // The printed line as a shell would read it: NAME=VALUE pairs, then the command.
    const printed = Object.fromEntries(connect!.split(' ').map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string]));
    expect(printed['ENGRAM_STORE']).toBe(owner.replace('//tenants_cli@', '//engram_acme@'));
    const asAcme = { ...printed, PGPASSFILE: passFile, ENGRAM_ALLOW_UNISOLATED: '' };
    const shown = runCli(['memory', 'show', '--json', ...args], asAcme);
    expect(shown.status, shown.stderr).toBe(0);
    expect(lessons(shown.stdout)).toEqual([SECRET]);
    expect(shown.stderr).not.toContain('UNISOLATED');
    expect(JSON.parse(runCli(['store', 'status', '--json'], asAcme).stdout)).toMatchObject({ tenant: 'acme', tenantIsolation: true, tenantBinding: 'role' });

    // globex's role naming acme: refused in one line, exit 2, and nothing of acme's shown.
    expect(runCli(['store', 'grant', '--tenant', 'globex'], admin).status).toBe(0);
    const globexUrl = owner.replace('//tenants_cli@', '//engram_globex@');
    const posing = runCli(['memory', 'show', '--json', ...args], { ENGRAM_STORE: globexUrl, ENGRAM_TENANT: 'acme' });
    expect(posing.status).toBe(2);
    expect(posing.stderr).toMatch(/role "engram_globex" belongs to tenant globex, not acme/);
    expect(posing.stdout).not.toContain(SECRET);
    const own = runCli(['memory', 'show', '--json', ...args], { ENGRAM_STORE: globexUrl, ENGRAM_TENANT: 'globex' });
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).not.toContain(SECRET);

    // A grant never overwrites a password file, and never takes another tenant's role.
    const again = runCli(['store', 'grant', '--tenant', 'acme', '--password-file', passFile], admin);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(passFile, 'utf8')).toContain(password);
    const stolen = runCli(['store', 'grant', '--tenant', 'globex', '--role', 'engram_acme'], admin);
    expect(stolen.status).toBe(2);
    expect(stolen.stderr).toContain("tenant acme's");
  });
});
