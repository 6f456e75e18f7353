import { scrubSecrets, systemClock, type Clock } from '@engram/kernel';
import { DEFAULT_LOCK_SETTINGS, containedPath, ensureDir, readTextContained, fileStamp, rootForDir, withLock, writeFileAtomic, type LockSettings } from '@engram/fs';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isoWithOffset } from '../episodes/episode-time.js';
import { readLegacySkill } from '../skills/legacy-skill.js';
import { normalizeSkillName } from '../skills/normalize-skill-name.js';
import type { Skill, SkillProblem, SkillSummary } from '../skills/skill.js';
import { realSkillDir, skillDir } from './skill-dir.js';
import { lookupProblem, SkillLabelError } from '../skills/skill-label.js';
import { parseSkillMd, renderSkillMd, type SkillMd } from '../skills/skill-md.js';
import { creditRecommended, parseSkillStats, renderSkillStats, ZERO_STATS, type SkillStage, type SkillStats } from '../skills/skill-stats.js';
import { closestLabel, findSkillExact, skillContent, uniqueLabelAmong } from '../skills/skill-lookup.js';
import type { SkillStore } from '../skills/skill-store.js';

export interface FileSkillStoreOptions {
  /** The skills folder, `$ENGRAM_HOME/skills` (Anton: `~/.anton/skills`). */
  readonly root: string;
  /** The trusted folder above `root` (default: its parent, `$ENGRAM_HOME`); nothing between them may be a link. */
  readonly home?: string;
  readonly clock?: Clock;
  readonly lock?: Partial<LockSettings>;
  /** Default: the kernel's secret scrubber, applied to everything `save` writes. */
  readonly scrub?: (text: string) => string;
}

/** A skill to save (the shape Anton's `save` takes, anton.md §10.4). */
export interface SkillDraft {
  readonly label: string;
  readonly description: string;
  readonly whenToUse?: string;
  /** The declarative procedure, written verbatim as the SKILL.md body. */
  readonly body: string;
  readonly displayName?: string;
  readonly provenance?: string;
  readonly createdAt?: string;
  /**
   * The counters stats.json starts with when the skill is new (default zero); an existing
   * stats.json is never replaced. An import passes Anton's, so usage counts survive it.
   */
  readonly stats?: SkillStats;
}

export interface SkillListing {
  readonly skills: readonly SkillSummary[];
  readonly problems: readonly SkillProblem[];
}

/** How a lookup ended. `closest` is a typo-tolerant hit (difflib ratio >= 0.6). */
export type SkillResolution =
  | { readonly kind: 'found'; readonly skill: Skill }
  | { readonly kind: 'closest'; readonly skill: Skill; readonly input: string }
  | { readonly kind: 'missing'; readonly input: string; readonly available: readonly string[] }
  | { readonly kind: 'invalid'; readonly input: string; readonly error: string };

export type CreditResult = { readonly ok: true; readonly stats: SkillStats } | { readonly ok: false; readonly error: string };

/** One readable skill folder, as listed. */
interface Entry {
  readonly summary: SkillSummary;
  readonly md: SkillMd;
}

interface CachedEntry {
  readonly stamp: string;
  readonly entry: Entry | { readonly problem: string };
}

const SKILL_MD = 'SKILL.md';
const STATS = 'stats.json';

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Procedural memory in Anton's layout: one folder per skill under the root, SKILL.md (YAML
 * front matter + body) and stats.json, reading the legacy meta.json + declarative.md too.
 * Every path is checked to be a folder directly inside the root (anton.md §15.24); a skill is
 * found by its listed label or its folder name alike (§15.13); recall credits go through a
 * lock and an atomic replace (§15.16); parsed folders are cached by size and mtime (§15.19).
 */
export class FileSkillStore implements SkillStore {
  readonly root: string;
  /** The trusted folder above the skills folder; nothing between it and a skill file may be a link. */
  private readonly home: string;
  private readonly clock: Clock;
  private readonly lockSettings: LockSettings;
  private readonly scrub: (text: string) => string;
  private readonly cache = new Map<string, CachedEntry>();

  constructor(options: FileSkillStoreOptions) {
    this.root = options.root;
    this.home = options.home ?? rootForDir(options.root);
    this.clock = options.clock ?? systemClock;
    this.lockSettings = { ...DEFAULT_LOCK_SETTINGS, ...options.lock };
    this.scrub = options.scrub ?? scrubSecrets;
  }

  get location(): string {
    return this.root;
  }

  /** Every readable skill, sorted by label, and the folders that could not be read. */
  list(): SkillListing {
    const { entries, problems } = this.scan();
    return { skills: entries.map((e) => e.summary), problems };
  }

  /** The skill listed as `input`, or whose folder is `input` (case and `_` tolerant); null when there is none. Throws SkillLabelError for path-like input. */
  load(input: string): Skill | null {
    const problem = lookupProblem(input);
    if (problem !== null) throw new SkillLabelError(input, problem);
    const entry = this.findExact(input, this.scan().entries);
    return entry === null ? null : this.toSkill(entry);
  }

  /**
   * Exact lookup, then Anton's typo-tolerant one (`closest_match`, anton.md §10.4): the input
   * slugified, matched against the listed labels with difflib's ratio and cutoff 0.6.
   */
  resolve(input: string): SkillResolution {
    const problem = lookupProblem(input);
    if (problem !== null) return { kind: 'invalid', input, error: new SkillLabelError(input, problem).message };
    const { entries } = this.scan();
    const exact = this.findExact(input, entries);
    if (exact !== null) return { kind: 'found', skill: this.toSkill(exact) };
    const labels = entries.map((e) => e.summary.label);
    const best = closestLabel(input, labels);
    const hit = best === null ? undefined : entries.find((e) => e.summary.label === best);
    if (hit === undefined) return { kind: 'missing', input, available: labels };
    return { kind: 'closest', skill: this.toSkill(hit), input };
  }

  /**
   * Writes `root/<label>/SKILL.md` (atomically, under the folder's lock) and creates stats.json
   * only when missing, so saving again keeps the counters. The label must already be valid
   * (`slugifySkillLabel` and `uniqueSkillLabel` turn a hint into one); text is scrubbed.
   */
  async save(draft: SkillDraft): Promise<{ readonly label: string; readonly dir: string; readonly created: boolean }> {
    const { label, description, metadata, body } = skillContent(draft, this.scrub, this.clock.now());
    const dir = realSkillDir(this.root, label);
    const created = !existsSync(dir);
    ensureDir(this.home, dir);
    const text = renderSkillMd({ name: label, description, metadata, body });
    const mdPath = join(dir, SKILL_MD);
    await withLock(mdPath, this.lockSettings, (assertHeld) => writeFileAtomic(mdPath, text, { root: this.home, beforeCommit: assertHeld }));
    const statsPath = join(dir, STATS);
    await withLock(statsPath, this.lockSettings, (assertHeld) => {
      if (!existsSync(statsPath)) writeFileAtomic(statsPath, renderSkillStats(draft.stats ?? ZERO_STATS), { root: this.home, beforeCommit: assertHeld });
    });
    return { label, dir, created };
  }

  /**
   * Removes a skill's folder, found exactly (never by a fuzzy match). Path-like or empty input
   * is refused with a SkillLabelError; a folder that is a link leading outside the root too.
   */
  remove(input: string): { readonly removed: boolean; readonly label: string | null; readonly dir: string | null } {
    const problem = lookupProblem(input);
    if (problem !== null) throw new SkillLabelError(input, problem);
    const entry = this.findExact(input, this.scan().entries);
    const folder = entry?.summary.folder ?? this.folderNamed(input);
    if (folder === null) return { removed: false, label: null, dir: null };
    // A linked skill folder (or a link above it) is refused; rmSync never follows links inside.
    const dir = containedPath(this.home, realSkillDir(this.root, folder));
    rmSync(dir, { recursive: true, force: true });
    this.cache.delete(folder);
    return { removed: true, label: entry?.summary.label ?? folder, dir };
  }

  /**
   * Anton's `increment_recommended`: one more recall of `stage` for the skill listed as
   * `label`, read, changed and replaced atomically under the stats file's lock, so concurrent
   * recalls all count. Failures are returned, never thrown: a recall must not fail for a counter.
   */
  async creditRecall(label: string, stage: SkillStage = 1): Promise<CreditResult> {
    try {
      const entry = this.findExact(label, this.scan().entries);
      if (entry === null) return { ok: false, error: `no skill named ${JSON.stringify(label)} to credit` };
      const dir = realSkillDir(this.root, entry.summary.folder);
      const path = join(dir, STATS);
      const stats = await withLock(path, this.lockSettings, (assertHeld) => {
        if (!isDir(dir)) throw new Error(`skill folder ${dir} was removed`);
        const next = creditRecommended(parseSkillStats(readTextContained(this.home, path) ?? ''), stage, isoWithOffset(this.clock.now()));
        writeFileAtomic(path, renderSkillStats(next), { root: this.home, beforeCommit: assertHeld });
        return next;
      });
      return { ok: true, stats };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** A label not taken yet: `slugify(base)`, else with `-2`, `-3`, ... (Anton's `make_unique_label`). */
  uniqueLabel(base: string): string {
    const { entries } = this.scan();
    const taken = (l: string) => this.findExact(l, entries) !== null || this.folderNamed(l) !== null;
    return uniqueLabelAmong(base, taken);
  }

  /** Reads (or reuses) every skill folder and assigns labels without clashes. */
  private scan(): { entries: Entry[]; problems: SkillProblem[] } {
    const problems: SkillProblem[] = [];
    let folders: string[] = [];
    try {
      folders = readdirSync(this.root).filter((n) => !n.startsWith('.')).sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') problems.push({ folder: '.', reason: `cannot list the skills folder: ${(err as Error).message}` });
    }
    const read: Entry[] = [];
    const seen = new Set<string>();
    for (const folder of folders) {
      seen.add(folder);
      const got = this.readFolder(folder);
      if (got === null) continue;
      if ('problem' in got) problems.push({ folder, reason: got.problem });
      else read.push(got);
    }
    for (const folder of this.cache.keys()) if (!seen.has(folder)) this.cache.delete(folder);
    return { entries: assignLabels(read, problems), problems };
  }

  private readFolder(folder: string): Entry | { problem: string } | null {
    let dir: string;
    try {
      dir = skillDir(this.root, folder);
    } catch {
      return null;
    }
    if (!isDir(dir)) return null;
    const paths = [join(dir, SKILL_MD), join(dir, 'meta.json'), join(dir, 'declarative.md')] as const;
    const stamp = fileStamp(...paths);
    const cached = this.cache.get(folder);
    if (cached?.stamp === stamp) return cached.entry;
    let entry: CachedEntry['entry'] | null;
    try {
      entry = this.parseFolder(folder, ...paths);
    } catch (err) {
      entry = { problem: `unreadable: ${(err as Error).message}` };
    }
    if (entry !== null) this.cache.set(folder, { stamp, entry });
    return entry;
  }

  private parseFolder(folder: string, mdPath: string, metaPath: string, declPath: string): CachedEntry['entry'] | null {
    const md = this.readText(mdPath);
    if (md !== null) {
      const parsed = parseSkillMd(md, folder);
      if (!parsed.ok) return { problem: `${SKILL_MD}: ${parsed.reason}` };
      return { summary: summaryOf(parsed.skill, folder, 'current'), md: parsed.skill };
    }
    const meta = this.readText(metaPath);
    const decl = this.readText(declPath);
    if (meta === null && decl === null) return null;
    const legacy = readLegacySkill(meta, decl);
    const skill: SkillMd = { name: normalizeSkillName(folder), description: legacy.description, metadata: legacy.metadata, body: legacy.body };
    return { summary: summaryOf(skill, folder, 'legacy'), md: skill };
  }

  private findExact(input: string, entries: readonly Entry[]): Entry | null {
    return findSkillExact(input, entries);
  }

  /** An existing folder named exactly `input` (even one that holds no readable skill). */
  private folderNamed(input: string): string | null {
    const name = input.trim();
    if (name.startsWith('.')) return null; // hidden folders (locks, temp files) are never skills
    try {
      return isDir(skillDir(this.root, name)) ? name : null;
    } catch {
      return null;
    }
  }

  /** A skill file's text (null when missing), never read through a link: skills reach the prompt. */
  private readText(path: string): string | null {
    return readTextContained(this.home, path);
  }

  private toSkill(entry: Entry): Skill {
    const dir = skillDir(this.root, entry.summary.folder);
    const statsText = this.readText(join(dir, STATS));
    const { metadata } = entry.md;
    return {
      ...entry.summary,
      body: entry.md.body,
      metadata,
      provenance: metadata.provenance ?? 'manual',
      createdAt: metadata.created_at ?? '',
      stage2: isDir(join(dir, 'references')),
      stage3: isDir(join(dir, 'scripts')) || isDir(join(dir, 'code')),
      stats: statsText === null ? ZERO_STATS : parseSkillStats(statsText),
    };
  }
}

const summaryOf = (md: SkillMd, folder: string, layout: SkillSummary['layout']): Entry['summary'] => ({
  label: md.name,
  name: md.metadata.display_name ?? md.name,
  description: md.description,
  folder,
  layout,
});

/**
 * Gives each skill one label: its front-matter name (normalised). When two folders claim the
 * same label, the folder of that name keeps it and the other falls back to its own folder
 * name; a skill left without a free label is reported, never silently dropped.
 */
const assignLabels = (entries: readonly Entry[], problems: SkillProblem[]): Entry[] => {
  const owner = new Map<string, Entry>();
  const wanted = (e: Entry) => e.summary.label || normalizeSkillName(e.summary.folder);
  const ordered = [...entries].sort((x, y) => Number(wanted(y) === y.summary.folder) - Number(wanted(x) === x.summary.folder) || (x.summary.folder < y.summary.folder ? -1 : 1));
  for (const e of ordered) {
    const candidates = [wanted(e), normalizeSkillName(e.summary.folder)].filter((l) => l !== '');
    const label = candidates.find((l) => !owner.has(l));
    if (label === undefined) {
      problems.push({ folder: e.summary.folder, reason: candidates.length === 0 ? 'no usable name: neither the front matter nor the folder name makes a label' : `its label ${JSON.stringify(candidates[0])} is taken by folder ${JSON.stringify(owner.get(candidates[0] ?? '')?.summary.folder)}` });
      continue;
    }
    if (label !== wanted(e)) problems.push({ folder: e.summary.folder, reason: `its name ${JSON.stringify(wanted(e))} is taken by folder ${JSON.stringify(owner.get(wanted(e))?.summary.folder)}; listed as ${JSON.stringify(label)}` });
    owner.set(label, label === e.summary.label ? e : { ...e, summary: { ...e.summary, label, name: e.md.metadata.display_name ?? label } });
  }
  return [...owner.values()].sort((x, y) => (x.summary.label < y.summary.label ? -1 : x.summary.label > y.summary.label ? 1 : 0));
};
