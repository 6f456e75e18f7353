import { QuarantineStore } from '@engram/cortex';
import { quarantineIdFor, screenText } from '@engram/cortex/core';
import { FileSemanticStore, FileSkillStore, skillLabelProblem, type SkillDraft } from '@engram/hippocampus';
import type { EncodeOutcome, EncodeRequest, EngramScope, RuleKind } from '@engram/kernel';
import { writeFileAtomic } from '@engram/fs';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { engramPaths } from '../engram-paths.js';
import { entryRequest } from '../entry-request.js';
import { ArgumentError } from '../argument-error.js';

export interface AntonImportOptions {
  /** The Anton `.anton` folder, or the folder holding it. */
  readonly from: string;
  readonly home?: string;
  /** The project whose memory and episodes receive the import. */
  readonly project: string;
  /** Where rules and lessons go; default global for `~/.anton`, else project. */
  readonly scope?: EngramScope;
  readonly env?: NodeJS.ProcessEnv;
}


export interface AntonImport {
  readonly from: string;
  readonly memory: { readonly scope: EngramScope; readonly counts: Record<string, number>; readonly files: string[] };
  readonly episodes: { readonly copied: string[]; readonly skipped: { readonly file: string; readonly reason: string }[] };
  readonly skills: { readonly imported: string[]; readonly skipped: { readonly label: string; readonly reason: string }[] };
  readonly notes: string[];
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

const realOrSelf = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

const RULE_KINDS: readonly string[] = ['always', 'never', 'when'];

/**
 * Copies an Anton `.anton` tree in, never overwriting.
 * - `memory/` rules and lessons go through the target store's `encode` (Anton's dedupe: text
 *   already stored is a duplicate, not a second line), keeping each entry's date; profile facts always go to the global
 *   profile (engram keeps identity global). The scope for rules and lessons is `scope`, else
 *   global when DIR is the user's `~/.anton`, project otherwise (Anton's two stores, anton.md §1).
 * - `episodes/*.jsonl` are copied into the project's episodes folder; a session file that
 *   already exists there is skipped (the next recall indexes the new ones).
 * - `skills/*` are read with the skill store (legacy layout too), saved through the engram
 *   store's label validation with their `scripts/`/`references/` and their usage counts
 *   (stats.json); a label taken is skipped.
 * A folder that is not there is an `ArgumentError`.
 */
export const importAnton = async (options: AntonImportOptions): Promise<AntonImport> => {
  let from = resolve(options.from);
  if (!isDir(from)) throw new ArgumentError({ reason: 'not-a-folder', message: `--from-anton ${options.from}: not a folder` });
  if (!['memory', 'episodes', 'skills'].some((d) => isDir(join(from, d))) && isDir(join(from, '.anton'))) from = join(from, '.anton');
  const paths = engramPaths({ home: options.home, project: options.project }, options.env);
  const project = resolve(options.project);
  const stores = { global: new FileSemanticStore({ dir: paths.globalMemoryDir, scope: 'global', root: paths.home }), project: new FileSemanticStore({ dir: paths.memoryDir('project'), scope: 'project', root: project }) };
  const m = { stores, home: paths.home, project };
  const scope = options.scope ?? (realOrSelf(from) === realOrSelf(join(homedir(), '.anton')) ? 'global' : 'project');
  const report: AntonImport = { from, memory: { scope, counts: {}, files: [] }, episodes: { copied: [], skipped: [] }, skills: { imported: [], skipped: [] }, notes: [] };

  const memoryDir = join(from, 'memory');
  if (isDir(memoryDir)) {
    const snap = await new FileSemanticStore({ dir: memoryDir, scope }).read();
    for (const d of snap.diagnostics) report.notes.push(`${d.location}:${d.line}: ${d.message}`);
    const count = (outcomes: readonly { outcome: EncodeOutcome; location: string }[]) => {
      for (const r of outcomes) {
        report.memory.counts[r.outcome] = (report.memory.counts[r.outcome] ?? 0) + 1;
        if (!report.memory.files.includes(r.location)) report.memory.files.push(r.location);
      }
    };
    const rules = snap.rules.filter((e) => e.kind !== null && RULE_KINDS.includes(e.kind));
    for (const e of snap.rules) if (!rules.includes(e)) report.notes.push(`rule without a kind skipped: ${e.text}`);
    // The folder's words are quoted text (anyone could have written them): the same write-time
    // screen as memorize, and what it holds waits in the quarantine for a person.
    const quarantine = new QuarantineStore(paths.quarantineFile);
    const screened = async (requests: readonly EncodeRequest[], into: EngramScope): Promise<EncodeRequest[]> => {
      const pass: EncodeRequest[] = [];
      for (const r of requests) {
        const reasons = screenText(r.text);
        if (reasons.length === 0) {
          pass.push(r);
          continue;
        }
        const proposalId = `import-${createHash('sha256').update(`${into}\n${r.kind}\n${r.text}`).digest('hex').slice(0, 16)}`;
        await quarantine.add({
          quarantineId: quarantineIdFor(proposalId),
          proposalId,
          engram: { text: r.text, kind: r.kind, scope: into, confidence: r.confidence ?? null, topic: r.topic ?? null, source: r.source ?? null },
          origin: 'memorize',
          trust: 'quoted',
          reasons,
          quarantinedAt: new Date().toISOString(),
        });
        report.memory.counts['quarantined'] = (report.memory.counts['quarantined'] ?? 0) + 1;
      }
      return pass;
    };
    count(await m.stores[scope].encode(await screened([...rules.map((e) => entryRequest(e, e.kind as RuleKind)), ...snap.lessons.map((e) => entryRequest(e, 'lesson'))], scope)));
    count(await m.stores.global.encode(await screened(snap.identities.map((e) => entryRequest(e, 'profile')), 'global')));
  }

  const episodesDir = join(from, 'episodes');
  if (isDir(episodesDir)) {
    const target = paths.episodesDir ?? join(m.project, '.engram', 'episodes');
    for (const d of readdirSync(episodesDir, { withFileTypes: true })) {
      if (!d.name.endsWith('.jsonl')) continue;
      if (!d.isFile()) {
        report.episodes.skipped.push({ file: d.name, reason: 'not a regular file' });
        continue;
      }
      const dest = join(target, d.name);
      if (existsSync(dest)) {
        report.episodes.skipped.push({ file: d.name, reason: 'exists' });
        continue;
      }
      // All of it or nothing, 0600, and never through a link in the project's .engram.
      writeFileAtomic(dest, readFileSync(join(episodesDir, d.name)), { root: m.project });
      report.episodes.copied.push(d.name);
    }
  }

  const skillsDir = join(from, 'skills');
  if (isDir(skillsDir)) {
    const source = new FileSkillStore({ root: skillsDir });
    const target = new FileSkillStore({ root: paths.skillsDir });
    const listing = source.list();
    for (const p of listing.problems) report.skills.skipped.push({ label: p.folder, reason: p.reason });
    for (const summary of listing.skills) {
      const skill = source.load(summary.folder);
      if (skill === null) continue;
      const label = skillLabelProblem(skill.label) === null ? skill.label : target.uniqueLabel(skill.label || skill.folder);
      if (target.load(label) !== null) {
        report.skills.skipped.push({ label, reason: 'a skill with this label exists' });
        continue;
      }
      const draft: SkillDraft = {
        label,
        description: skill.description || skill.name,
        body: skill.body,
        ...(skill.name === skill.label ? {} : { displayName: skill.name }),
        provenance: skill.provenance,
        ...(skill.createdAt === '' ? {} : { createdAt: skill.createdAt }),
        // Anton's usage counters (recalls, recommended, used per stage) carry over.
        stats: skill.stats,
      };
      const saved = await target.save(draft);
      for (const [sub, to] of [['scripts', 'scripts'], ['code', 'scripts'], ['references', 'references']] as const) {
        const src = join(skillsDir, skill.folder, sub);
        const dest = join(saved.dir, to);
        if (isDir(src) && !existsSync(dest)) cpSync(src, dest, { recursive: true, errorOnExist: false, force: false, filter: (p) => !lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() });
      }
      report.skills.imported.push(label);
    }
  }

  return report;
};
