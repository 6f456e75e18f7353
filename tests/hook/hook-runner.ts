import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';
import { loadFixtures } from '../support/load-fixtures.js';

type Payload = Record<string, unknown> & { why: string };
const fixtures = new Map(loadFixtures<Payload>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));

/**
 * Pipes recorded Claude Code payloads (tests/fixtures/hooks, `$PROJECT` filled in, fields
 * overridden) through the built `engram hook <command>` with a pinned environment; every run must
 * exit 0 with nothing on stderr. Returns the parsed `hookSpecificOutput`, or null for no output.
 */
export const hookRunner = (project: string, home: string) => {
  const env = { ...process.env, ENGRAM_HOME: home, ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active', CLAUDE_PROJECT_DIR: '' };
  return (command: string, fixture: string, override: Record<string, unknown>): Record<string, unknown> | null => {
    const recorded = fixtures.get(fixture);
    if (recorded === undefined) throw new Error(`no fixture ${fixture}`);
    const payload = { ...(JSON.parse(JSON.stringify(recorded).replaceAll('$PROJECT', project)) as Payload), ...override };
    const r = spawnSync(process.execPath, [BIN, 'hook', command], { input: JSON.stringify(payload), encoding: 'utf8', env, cwd: ROOT, timeout: 120_000 });
    expect([r.status, r.stderr]).toEqual([0, '']);
    return r.stdout.trim() === '' ? null : (JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
  };
};
