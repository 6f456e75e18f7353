import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';
import { stopServices } from '../support/stop-services.js';
import { BIN } from './run-cli.js';

/**
 * A hook run from the built packages (dist/), not from a bundle: what `engram` runs with
 * ENGRAM_BUNDLE=0, and whenever a `tsc -b` since the last `npm run build` left the bundles stale.
 * Its payload comes on a pipe, as Claude Code gives it, and the in-process hook is imported after
 * the payload is read. A plain fstat of that pipe once made the import resolve pnpm's links
 * halfway (nodejs/node#51142): `Cannot find module 'graceful-fs'`, exit 1, no hook.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const fixture = (name: string): Record<string, unknown> => {
  const found = loadFixtures<Record<string, unknown> & { why: string }>('hooks').find((f) => f.file === `${name}.json`);
  if (found === undefined) throw new Error(`no hook fixture ${name}`);
  const { why: _why, ...payload } = found.fixture;
  return payload;
};

describe('engram hook from dist/, its payload on a pipe', () => {
  it.each([['0'], ['']])('imports the in-process hook and answers (ENGRAM_SERVE=%j)', async (serve) => {
    const root = mkdtempSync(join(tmpdir(), 'engram-hook-dist-'));
    dirs.push(root);
    const project = join(root, 'project');
    const home = join(root, 'home');
    mkdirSync(project);
    // Without the NODE_PATH that `npx vitest` (pnpm's bin shim) sets, as a hook in a user's session
    // runs: it names pnpm's hoisted packages, where a module resolved from the wrong folder is found anyway.
    const { NODE_PATH: _nodePath, ...user } = process.env;
    const env = { ...user, ENGRAM_BUNDLE: '0', ENGRAM_SERVE: serve, ENGRAM_HOME: home, CLAUDE_PROJECT_DIR: '' };
    // spawnSync's input is a pipe.
    const run = (hook: string, name: string) => spawnSync(process.execPath, [BIN, 'hook', hook], { cwd: project, encoding: 'utf8', timeout: 60_000, env, input: JSON.stringify({ ...fixture(name), cwd: project, session_id: 'dist-session' }) });
    try {
      const start = run('session-start', 'session-start');
      expect([start.status, start.stderr]).toEqual([0, '']);
      const pre = run('pre-tool-use', 'pre-tool-use-bash');
      expect([pre.status, pre.stderr]).toEqual([0, '']);
      expect(readdirSync(join(project, '.engram', 'events')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    } finally {
      // ENGRAM_SERVE='': the first hook started a service for the next ones.
      if (serve === '') await stopServices(home);
    }
  });
});
