import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The JSON report of the whole workspace is several MB; spawnSync's default 1 MB buffer would cut it. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

const cruise = (cwd: string, ...targets: string[]) => {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/depcruise'), ['--config', join(ROOT, '.dependency-cruiser.cjs'), ...targets, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: MAX_REPORT_BYTES });
  if (r.error !== undefined) throw r.error;
  const report = JSON.parse(r.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return { violations: report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`) };
};

// That the workspace itself keeps them is `npm test`'s static check "dependency rules"
// (scripts/test.mjs): this suite proves the rules can fail.
describe('the dependency rules of docs/architecture.md', () => {
  it('fire on a tree that breaks each of them', () => {
    const r = cruise(join(ROOT, 'tests/fixtures/deps-violation'), 'packages', 'tests');
    expect(r.violations).toEqual([
      'fs-only-in-effects: packages/regions/acc/src/read-config.ts -> fs',
      'no-circular: packages/kernel/src/index.ts -> packages/runtime/src/index.ts',
      'no-cross-region-imports: packages/regions/acc/src/index.ts -> packages/regions/cortex/src/index.ts',
      'no-imports-of-cli-sources: tests/cli/reaches-into-cli.ts -> apps/cli/src/main.ts',
      'nothing-below-runtime-imports-it: packages/kernel/src/index.ts -> packages/runtime/src/index.ts',
    ]);
  });
});
