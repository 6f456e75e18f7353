import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ID_PATTERN, projectId } from './project-id.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-project-id-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('projectId', () => {
  it('creates the id on first use (0600 file, 0700 folder) and returns the same id after', async () => {
    const id = await projectId(root);
    expect(id).toMatch(PROJECT_ID_PATTERN);
    const file = join(root, '.engram', 'project.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ id });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, '.engram')).mode & 0o777).toBe(0o700);
    expect(await projectId(root)).toBe(id);
  });

  it('gives one id to many callers starting at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => projectId(root)));
    expect(new Set(ids).size).toBe(1);
  });

  it('keeps an id another machine wrote (the same checkout shares it)', async () => {
    mkdirSync(join(root, '.engram'));
    writeFileSync(join(root, '.engram', 'project.json'), '{"id":"team-repo-0001"}');
    expect(await projectId(root)).toBe('team-repo-0001');
  });

  it('reports a bad file naming the file and the field, and leaves it as it was', async () => {
    mkdirSync(join(root, '.engram'));
    const file = join(root, '.engram', 'project.json');
    writeFileSync(file, '{"id":"../etc"}');
    await expect(projectId(root)).rejects.toThrow(/project\.json: field "id" must be/);
    writeFileSync(file, '{not json');
    await expect(projectId(root)).rejects.toThrow(/project\.json: not JSON/);
    expect(readFileSync(file, 'utf8')).toBe('{not json');
  });

  it('refuses a project.json that is a link', async () => {
    mkdirSync(join(root, '.engram'));
    writeFileSync(join(root, 'elsewhere.json'), '{"id":"linked-id-0001"}');
    symlinkSync(join(root, 'elsewhere.json'), join(root, '.engram', 'project.json'));
    await expect(projectId(root)).rejects.toThrow();
  });
});
