import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'apps/cli/dist');
export const built = existsSync(join(DIST, 'commands/skills-command.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/cli-skills: the CLI is not built; npm test builds it before the e2e suites');

/**
 * The built CLI with `engram skills` registered. Until main.ts registers it, a launcher adds
 * `registerSkills` to the built program and maps errors to exit codes as `run` does; once it
 * does, the real bin runs.
 */
const entry = (): string => {
  const bin = join(ROOT, 'apps/cli/bin/engram.js');
  if (!built || readFileSync(join(DIST, 'main.js'), 'utf8').includes('registerSkills')) return bin;
  const shim = join(mkdtempSync(join(tmpdir(), 'engram-skills-bin-')), 'engram.mjs');
  const url = (p: string) => pathToFileURL(join(DIST, p)).href;
  writeFileSync(
    shim,
    `const { buildProgram } = await import(${JSON.stringify(url('main.js'))});
const { registerSkills } = await import(${JSON.stringify(url('commands/skills-command.js'))});
const program = buildProgram();
registerSkills(program);
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
  process.exitCode = typeof process.exitCode === 'number' ? process.exitCode : 0;
} catch (err) {
  const code = typeof err?.code === 'string' ? err.code : '';
  if (code.startsWith('commander.')) process.exitCode = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(code) ? 0 : 2;
  else { process.stderr.write('engram: ' + (err instanceof Error ? err.message : String(err)) + '\\n'); process.exitCode = 1; }
}
`,
  );
  return shim;
};

let cached: string | null = null;

/** Runs the CLI with only the environment given (no real home or key leaks in). */
export const engram = (args: readonly string[], env: Record<string, string> = {}) => {
  cached ??= entry();
  const r = spawnSync(process.execPath, [cached, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
