import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Instinct } from '../instinct.js';
import { instinctFileName } from '../instinct-file-name.js';
import { parseInstinct } from '../parse-instinct.js';
import type { InstinctPlan } from '../plan-instincts.js';
import { renderGeneratedRules } from '../render-generated-rules.js';
import { renderInstinct } from '../render-instinct.js';
import { writePrivateFile } from './write-private-file.js';

export const GENERATED_RULES = 'generated-rules.md';
export const ARCHIVE_DIR = 'archive';

export interface InstinctFileProblem {
  readonly file: string;
  readonly problem: string;
}

export interface StoredInstincts {
  /** Tracked instincts (active or promoted), from `instincts/*.md`. */
  readonly tracked: Instinct[];
  readonly archived: Instinct[];
  readonly problems: InstinctFileProblem[];
}

const readFolder = (dir: string, skip: string): { instincts: Instinct[]; problems: InstinctFileProblem[] } => {
  const instincts: Instinct[] = [];
  const problems: InstinctFileProblem[] = [];
  if (!existsSync(dir)) return { instincts, problems };
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.md') || name === skip) continue;
    const file = join(dir, name);
    const r = parseInstinct(readFileSync(file, 'utf8'));
    if (r.ok) instincts.push(r.instinct);
    else problems.push({ file, problem: r.problem });
  }
  return { instincts, problems };
};

/**
 * The `instincts/` folder of one root (project `.engram/instincts` or global `$ENGRAM_HOME/instincts`):
 * one markdown file per tracked instinct, `archive/` for archived ones, and `generated-rules.md`
 * listing the promoted ones. Files are written atomically and private; there is no cross-process
 * lock yet (proper-lockfile is not a dependency of this package), so two concurrent writers can
 * lose one run's update, never corrupt a file.
 */
export class InstinctStore {
  constructor(readonly dir: string) {}

  get rulesFile(): string {
    return join(this.dir, GENERATED_RULES);
  }

  read(): StoredInstincts {
    const live = readFolder(this.dir, GENERATED_RULES);
    const old = readFolder(join(this.dir, ARCHIVE_DIR), '');
    return { tracked: live.instincts.filter((i) => i.status !== 'archived'), archived: old.instincts, problems: [...live.problems, ...old.problems] };
  }

  fileOf(i: Instinct): string {
    return i.status === 'archived' ? join(this.dir, ARCHIVE_DIR, instinctFileName(i.id)) : join(this.dir, instinctFileName(i.id));
  }

  /** Writes a plan: every tracked instinct's file, archived ones moved to `archive/`, and the generated rules. */
  write(plan: InstinctPlan): void {
    for (const i of plan.active) writePrivateFile(this.fileOf(i), renderInstinct(i));
    for (const i of plan.archived) {
      writePrivateFile(this.fileOf(i), renderInstinct(i));
      rmSync(join(this.dir, instinctFileName(i.id)), { force: true });
    }
    writePrivateFile(this.rulesFile, renderGeneratedRules(plan.active.filter((i) => i.status === 'promoted')));
  }
}
