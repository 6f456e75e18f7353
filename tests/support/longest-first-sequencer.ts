import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suites that kept a worker busy longest in a clean-clone run (each 30 s or more on this
 * 2-core machine, longest first). Without a record of earlier runs vitest starts larger files
 * first, and these are small: `demo-and-bench` started 454 s into a 589 s run and ran 104 s, so
 * the run's end waited on it while the other workers sat idle. Started first, the short suites
 * fill in around them.
 */
const LONGEST_SUITES = [
  'tests/cli/bundled-cli.e2e.test.ts',
  'tests/cli/demo-and-bench.e2e.test.ts',
  'tests/cli-memory/memory-stats.e2e.test.ts',
  'tests/postgres/hosts-on-postgres.e2e.test.ts',
  'tests/postgres/move-in-out.e2e.test.ts',
  'tests/postgres/concurrent-encoders.int.test.ts',
  'tests/postgres/audit-on-postgres.e2e.test.ts',
  'tests/cli/env-choices.e2e.test.ts',
] as const;

/** vitest's order (group, project, then larger or previously longer files first), with `LONGEST_SUITES` moved to the front of their project, in their order. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    // A renamed or deleted suite would drop out of the list silently: say so where the run starts.
    const gone = LONGEST_SUITES.filter((f) => !existsSync(join(root, f)));
    if (gone.length > 0) throw new Error(`tests/support/longest-first-sequencer.ts names suites that do not exist: ${gone.join(', ')}`);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_SUITES.findIndex((s) => f.moduleId === join(root, s));
      return i < 0 ? LONGEST_SUITES.length : i;
    };
    const byProject = new Map<string, TestSpecification[]>();
    for (const f of await super.sort(files)) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
    // Array.prototype.sort is stable: outside the list, vitest's own order stays.
    return [...byProject.values()].flatMap((group) => [...group].sort((a, b) => rank(a) - rank(b)));
  }
}
