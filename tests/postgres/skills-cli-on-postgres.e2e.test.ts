import { appendEvents, openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { readLogFile } from '@engram/store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordSession } from '../cli-memory/record-session.js';
import { ROOT, runCli } from '../cli/run-cli.js';

const CASSETTE = join(ROOT, 'tests/fixtures/skills/skill-draft.cassette.json');
const root = mkdtempSync(join(tmpdir(), 'engram-skills-cli-pg-'));
const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('skills_save_cli');
afterAll(() => {
  if (started.ok) started.pg.stop();
  rmSync(root, { recursive: true, force: true });
});

interface Listed {
  readonly root: string;
  readonly skills: readonly { readonly label: string }[];
}

describe('engram skills remove and save: the store settings', () => {
  it('exit 2 for a bad setting, 3 naming the URL when the server cannot be reached', () => {
    const home = join(root, 'settings');
    expect(runCli(['skills', 'remove', 'csv', '--home', home], { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' }).status).toBe(2);
    const down = runCli(['skills', 'remove', 'csv', '--home', home, '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram']);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    const save = runCli(['skills', 'save', '--session', '20261124_101500_ab12', '--llm', `scripted:${CASSETTE}`, '--home', home, '--store', 'postgres://engram@127.0.0.1:1/engram']);
    expect(save.status, save.stderr).toBe(3);
    expect(runCli(['skills', 'save', '--home', home]).status).toBe(2);
    expect(existsSync(join(home, 'skills'))).toBe(false);
  });
});

describe.skipIf(!started.ok)(`engram skills save and remove on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it("save --session reads the session from the store's event log and saves there (a taken label suffixed), save --from a file too; remove deletes the row; nothing under the home's skills folder", { timeout: 120_000 }, async () => {
    const { log, sessionId } = await recordSession(join(root, 'recorded'), join(root, 'recorded', 'project'));
    const db = await openPostgres({ url, tenant: 'team-a' });
    try {
      await appendEvents(db, sessionId, readLogFile(log).events);
    } finally {
      await db.close();
    }
    const home = join(root, 'home');
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' };
    const llm = ['--llm', `scripted:${CASSETTE}`, '--home', home, '--project', join(root, 'project')];
    const first = runCli(['skills', 'save', '--session', sessionId, ...llm], env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('saved skill csv-summary in postgres:team-a');
    const second = JSON.parse(runCli(['skills', 'save', '--from', log, '--json', ...llm], env).stdout) as { saved: boolean; label: string; dir: string };
    expect(second).toMatchObject({ saved: true, label: 'csv-summary-2' });
    expect(second.dir).toMatch(/^postgres:team-a/);
    // The session is in the store, not in this home's files.
    expect(runCli(['skills', 'save', '--session', sessionId, ...llm], { ENGRAM_STORE: '' }).status).toBe(1);

    const listed = () => JSON.parse(runCli(['skills', 'list', '--json', '--home', home], env).stdout) as Listed;
    expect(listed().skills.map((s) => s.label)).toEqual(['csv-summary', 'csv-summary-2']);
    expect((JSON.parse(runCli(['skills', 'list', '--json', '--home', home], { ...env, ENGRAM_TENANT: 'team-b' }).stdout) as Listed).skills).toEqual([]);

    const removed = runCli(['skills', 'remove', 'csv-summary', '--home', home], env);
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toContain('removed csv-summary (postgres:team-a');
    expect(runCli(['skills', 'remove', 'csv-summary', '--home', home], env).status).toBe(1);
    expect(runCli(['skills', 'remove', '../etc', '--home', home], env).status).toBe(2);
    expect(JSON.parse(runCli(['skills', 'remove', 'csv-summary-2', '--json', '--home', home, '--store', url, '--tenant', 'team-a']).stdout)).toEqual({ removed: true, label: 'csv-summary-2' });
    expect(listed().skills).toEqual([]);
    expect(existsSync(join(home, 'skills'))).toBe(false);
  });
});
