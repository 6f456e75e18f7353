import { startTestPostgres } from '@engram/store-postgres/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

interface Listed {
  readonly [scope: string]: { readonly dir: string; readonly lessons: readonly { readonly id: string; readonly text: string }[]; readonly rules: readonly { readonly text: string }[] };
}

const roots = () => {
  const home = mkdtempSync(join(tmpdir(), 'engram-memory-cli-pg-'));
  const project = join(home, 'project');
  mkdirSync(project);
  return { home, project, args: ['--home', home, '--project', project] };
};

describe('engram memory and skills: the store settings', () => {
  it('exit 2 naming the setting for a store URL that is not PostgreSQL or a bad tenant, and 3 naming the URL when the server cannot be reached', () => {
    const { args, home } = roots();
    const bad = runCli(['memory', 'list', '--json', ...args], { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ENGRAM_STORE');
    const tenant = runCli(['skills', 'list', '--home', home, '--store', 'postgres://u@127.0.0.1:1/db', '--tenant', '../x']);
    expect(tenant.status).toBe(2);
    expect(tenant.stderr).toContain('--tenant');
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    const down = runCli(['memory', 'add', 'never stored', ...args, '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram']);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    const skills = runCli(['skills', 'show', 'csv', '--home', home, '--store', 'postgres://engram@127.0.0.1:1/engram']);
    expect(skills.status).toBe(3);
  });
});

describe.skipIf(!started.ok)(`engram memory and skills on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('memory add then memory list --json shows the entry from PostgreSQL, per tenant; remove and the pending queue work there; nothing is written under the memory folders', { timeout: 120_000 }, () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('memory_cli');
    const { home, project, args } = roots();
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' };
    const added = runCli(['memory', 'add', 'The staging API needs the X-Team header', '--kind', 'lesson', '--scope', 'project', '--json', ...args], env);
    expect(added.status, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ status: 'added' });
    const global = runCli(['memory', 'add', 'Always answer in English', '--kind', 'always', '--scope', 'global', ...args, '--store', url, '--tenant', 'team-a']);
    expect(global.status, global.stderr).toBe(0);

    const listed = runCli(['memory', 'list', '--json', ...args], env);
    expect(listed.status, listed.stderr).toBe(0);
    const out = JSON.parse(listed.stdout) as Listed;
    expect(out['project']!.lessons.map((e) => e.text)).toEqual(['The staging API needs the X-Team header']);
    expect(out['global']!.rules.map((e) => e.text)).toEqual(['Always answer in English']);
    expect(out['project']!.dir).toContain('tenant team-a');

    // Another tenant sees none of it; the files see none of it.
    const other = JSON.parse(runCli(['memory', 'show', '--json', ...args], { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-b' }).stdout) as Listed;
    expect(other['project']!.lessons).toEqual([]);
    const files = JSON.parse(runCli(['memory', 'show', '--json', ...args], {}).stdout) as Listed;
    expect(files['project']!.lessons).toEqual([]);
    for (const dir of [join(project, '.engram', 'memory'), join(home, 'memory')]) expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);

    const id = out['project']!.lessons[0]!.id;
    const removed = runCli(['memory', 'remove', id, ...args], env);
    expect(removed.status, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`removed ${id}`);
    expect((JSON.parse(runCli(['memory', 'list', '--json', ...args], env).stdout) as Listed)['project']!.lessons).toEqual([]);

    // The user's own entry passes the gate in copilot mode too (stored, not queued); the queue read is PostgreSQL's (empty).
    const copilot = { ...env, ENGRAM_MEMORY_MODE: 'copilot' };
    const stored = runCli(['memory', 'add', 'Prefer pnpm over npm here', '--scope', 'project', '--json', ...args], copilot);
    expect(stored.status, stored.stderr).toBe(0);
    const pending = runCli(['memory', 'pending', 'list', '--json', ...args], copilot);
    expect(pending.status, pending.stderr).toBe(0);
    expect(JSON.parse(pending.stdout)).toEqual([]);
    expect(runCli(['memory', 'pending', 'accept', 'nothing-here', ...args], copilot).status).toBe(1);
    expect((JSON.parse(runCli(['memory', 'list', '--json', ...args], env).stdout) as Listed)['project']!.lessons.map((e) => e.text)).toEqual(['Prefer pnpm over npm here']);
  });

  it('skills list and show read PostgreSQL', { timeout: 60_000 }, () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('skills_cli');
    const { home } = roots();
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' };
    const listed = runCli(['skills', 'list', '--json', '--home', home], env);
    expect(listed.status, listed.stderr).toBe(0);
    const out = JSON.parse(listed.stdout) as { readonly root: string; readonly skills: readonly unknown[] };
    expect(out.root).toMatch(/^postgres:team-a/);
    expect(out.skills).toEqual([]);
    const shown = runCli(['skills', 'show', 'csv-summary', '--home', home], env);
    expect(shown.status).toBe(1);
    expect(shown.stderr).toContain('no skill named "csv-summary"');
    expect(existsSync(join(home, 'skills'))).toBe(false);
  });
});
