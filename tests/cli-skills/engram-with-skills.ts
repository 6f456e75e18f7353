import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'apps/cli/dist');
export const built = existsSync(join(DIST, 'commands/skills-command.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/cli-skills: the CLI is not built; npm test builds it before the e2e suites');

const entry = (): string => join(ROOT, 'apps/cli/bin/engram.js');

let cached: string | null = null;

/** Runs the CLI with only the environment given (no real home or key leaks in). */
export const engram = (args: readonly string[], env: Record<string, string> = {}) => {
  cached ??= entry();
  const r = spawnSync(process.execPath, [cached, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
