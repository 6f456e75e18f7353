import { ensureDir, listContained, nodeFsPort, readTextContained, removeContained, rootForDir, withLock, writeFileAtomic, type FsPort, type LockSettings } from '@engram/fs';
import { join } from 'node:path';
import type { Instinct } from '../instinct.js';
import { instinctFileName } from '../instinct-file-name.js';
import { parseInstinct } from '../parse-instinct.js';
import type { InstinctPlan } from '../plan-instincts.js';
import { renderGeneratedRules } from '../render-generated-rules.js';
import { renderInstinct } from '../render-instinct.js';
import type { InstinctStorePort } from './instinct-store-port.js';

/**
 * A tracked instinct's file is not rewritten when the only change is decay smaller than this
 * (half a percentage point: the file shows whole percents). Nothing the loop decides reads a stored
 * confidence (decay is recomputed from frequency, consistency and last-seen, which are stored
 * unchanged), so skipping saves a synced write per instinct per session end and changes no decision.
 */
const DECAY_REWRITE_THRESHOLD = 0.005;

/** True when `next` differs from `prior` only by its confidence (by less than the threshold) and `updatedAt`. */
const onlyDecayed = (prior: Instinct, next: Instinct): boolean => {
  if (Math.abs(prior.confidence - next.confidence) >= DECAY_REWRITE_THRESHOLD) return false;
  const strip = (i: Instinct) => JSON.stringify({ ...i, confidence: 0, updatedAt: '' });
  return strip(prior) === strip(next);
};

/** True when a rewrite changes no decision (status, promotion, first sighting): only the numbers the logs give again. */
const sameDecisions = (prior: Instinct, next: Instinct): boolean =>
  prior.status === next.status && prior.promotedAt === next.promotedAt && prior.firstSeen === next.firstSeen && prior.archivedAt === next.archivedAt;

/**
 * Writes that only refresh an instinct's numbers (counts, confidence, last seen) are atomic but not
 * synced: after a power loss the file is whole, old or new, and the next run recomputes the numbers
 * from the logs. Decisions (tracking, promotion, archiving) are synced as before. Two syncs per
 * tracked instinct per session end were most of a session end's analysis time.
 */
const refreshPort: FsPort = { ...nodeFsPort, fsync: () => undefined };

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

/** What a caller may do while holding the store's lock. */
export interface InstinctTransaction {
  read(): StoredInstincts;
  write(plan: InstinctPlan): void;
}

/**
 * The `instincts/` folder of one root (project `.engram/instincts` or global `$ENGRAM_HOME/instincts`):
 * one markdown file per tracked instinct, `archive/` for archived ones, and `generated-rules.md`
 * listing the promoted ones. Files are written atomically and private, never through a link;
 * a read-analyse-write holds the store's cross-process lock (`locked`), so two concurrent runs
 * cannot lose each other's update. Instincts reach the prompt, so they are read without
 * following links too.
 */
export class InstinctStore implements InstinctStorePort {
  readonly root: string;

  constructor(
    readonly dir: string,
    options: { readonly root?: string; readonly lock?: Partial<LockSettings> } = {},
  ) {
    this.root = options.root ?? rootForDir(dir);
    this.lockSettings = options.lock ?? {};
  }

  private readonly lockSettings: Partial<LockSettings>;

  get location(): string {
    return this.dir;
  }

  get rulesFile(): string {
    return join(this.dir, GENERATED_RULES);
  }

  read(): StoredInstincts {
    const live = this.readFolder(this.dir, GENERATED_RULES);
    const old = this.readFolder(join(this.dir, ARCHIVE_DIR), '');
    return { tracked: live.instincts.filter((i) => i.status !== 'archived'), archived: old.instincts, problems: [...live.problems, ...old.problems] };
  }

  fileOf(i: Instinct): string {
    return i.status === 'archived' ? join(this.dir, ARCHIVE_DIR, instinctFileName(i.id)) : join(this.dir, instinctFileName(i.id));
  }

  /** Runs `fn` holding the store's lock: read, decide and write as one step across processes. */
  locked<T>(fn: (tx: InstinctTransaction) => T | Promise<T>): Promise<T> {
    ensureDir(this.root, this.dir);
    return withLock(this.rulesFile, this.lockSettings, () => {
      // What this transaction read is what is on disk (the lock is held), so writes can skip what did not change.
      let seen: readonly Instinct[] | undefined;
      return fn({
        read: () => {
          const r = this.read();
          seen = r.tracked;
          return r;
        },
        write: (plan) => this.writeUnlocked(plan, seen),
      });
    });
  }

  /** Writes a plan under the lock: every tracked instinct's file, archived ones moved to `archive/`, and the generated rules. */
  write(plan: InstinctPlan): Promise<void> {
    return this.locked((tx) => tx.write(plan));
  }

  /** Deletes the files of these instincts (tracked or archived) under the lock, and rewrites the generated rules when a promoted one went. */
  remove(ids: readonly string[]): Promise<readonly string[]> {
    const wanted = new Set(ids);
    if (wanted.size === 0) return Promise.resolve([]);
    ensureDir(this.root, this.dir);
    return withLock(this.rulesFile, this.lockSettings, () => {
      const { tracked, archived } = this.read();
      const gone = [...tracked, ...archived].filter((i) => wanted.has(i.id));
      for (const i of gone) removeContained(this.root, this.fileOf(i));
      if (gone.some((i) => i.status === 'promoted')) {
        const rules = renderGeneratedRules(tracked.filter((i) => i.status === 'promoted' && !wanted.has(i.id)));
        if (this.readRules() !== rules) writeFileAtomic(this.rulesFile, rules, { root: this.root });
      }
      return [...new Set(gone.map((i) => i.id))].sort();
    });
  }

  private writeUnlocked(plan: InstinctPlan, stored?: readonly Instinct[]): void {
    const put = (file: string, text: string) => writeFileAtomic(file, text, { root: this.root });
    const before = new Map((stored ?? []).map((i) => [i.id, i]));
    for (const i of plan.active) {
      const prior = before.get(i.id);
      if (prior !== undefined && onlyDecayed(prior, i)) continue;
      if (prior !== undefined && sameDecisions(prior, i)) writeFileAtomic(this.fileOf(i), renderInstinct(i), { root: this.root, port: refreshPort });
      else put(this.fileOf(i), renderInstinct(i));
    }
    for (const i of plan.archived) {
      put(this.fileOf(i), renderInstinct(i));
      removeContained(this.root, join(this.dir, instinctFileName(i.id)));
    }
    const rules = renderGeneratedRules(plan.active.filter((i) => i.status === 'promoted'));
    if (this.readRules() !== rules) put(this.rulesFile, rules);
  }

  private readRules(): string | null {
    try {
      return readTextContained(this.root, this.rulesFile);
    } catch {
      return null;
    }
  }

  private readFolder(dir: string, skip: string): { instincts: Instinct[]; problems: InstinctFileProblem[] } {
    const instincts: Instinct[] = [];
    const problems: InstinctFileProblem[] = [];
    for (const name of listContained(this.root, dir).sort()) {
      if (!name.endsWith('.md') || name === skip) continue;
      const file = join(dir, name);
      let text: string | null;
      try {
        text = readTextContained(this.root, file);
      } catch (err) {
        problems.push({ file, problem: (err as Error).message });
        continue;
      }
      if (text === null) continue;
      const r = parseInstinct(text);
      if (r.ok) instincts.push(r.instinct);
      else problems.push({ file, problem: r.problem });
    }
    return { instincts, problems };
  }
}
