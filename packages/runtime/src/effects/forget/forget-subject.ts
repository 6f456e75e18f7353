import { rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { containedPath, isUnder, readContained, removeContained } from '@engram/fs';
import { EpisodeIndex, FileSemanticStore } from '@engram/hippocampus';
import { forgottenMarkerFor, subjectMatcher, type Clock, type EngramScope, type SubjectMatcher } from '@engram/kernel';
import { redactLogFile } from '@engram/store';
import type { EngramPaths } from '../../engram-paths.js';
import { classifyEngramFile } from './classify-engram-file.js';
import { dropJsonItems, dropLines, readText, redactText } from './forget-files.js';
import type { ForgetItem, ForgetReport, ForgetStore } from './forget-report.js';
import { walkEngramFiles } from './walk-engram-files.js';

export interface ForgetOptions {
  /** Remove and redact; without it, only the preview (nothing is changed). */
  readonly apply: boolean;
  readonly clock: Clock;
}

interface Root {
  readonly scope: EngramScope;
  /** The trusted folder containment checks use (the home, or the project folder). */
  readonly trusted: string;
  /** The engram folder walked (the home, or `<project>/.engram`). */
  readonly dir: string;
}

/** The SQLite files of one index: the database and what a writer may leave beside it. */
const SQLITE_SIDE_FILES = ['', '-wal', '-shm', '-journal'];

const idFromJson = (keys: readonly string[]) => (line: string): string | null => {
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    const parts = keys.map((k) => o[k]).filter((v) => typeof v === 'string' || typeof v === 'number');
    return parts.length === 0 ? null : parts.join('#');
  } catch {
    return null;
  }
};

/** Whether a file's bytes (as UTF-8) or its path mention the subject: the check the e2e test makes, byte-wise. */
const fileMentions = (root: string, file: string, matcher: SubjectMatcher, name = ''): boolean => {
  if (name !== '' && matcher.matches(name)) return true;
  const buf = readContained(root, file);
  return buf !== null && matcher.matches(buf.toString('utf8'));
};

/**
 * Forgets a subject everywhere engram keeps text, under the home and the project's `.engram`:
 * semantic entries (rules, lessons, profile) through their store; the history of retired
 * entries; the pending queue and any quarantine file; episode lines, then the episode index
 * rebuilt from what is left; skills (the whole folder), recipes and instincts; event logs
 * redacted in place with a `store.log.redacted` record (replay compares them modulo the marker);
 * any other file engram owns redacted. The user's own files (config.json, engram.md, guards,
 * fallbacks) are reported, never edited. Every write is locked, atomic and refuses links
 * (`@engram/fs`). Without `apply`, the same walk only counts. After applying, the files and
 * names that still hold the subject are listed in `remaining`, and so is every link (not entered).
 */
export const forgetSubject = async (paths: EngramPaths, subject: string, options: ForgetOptions): Promise<ForgetReport> => {
  const matcher = subjectMatcher(subject);
  const marker = forgottenMarkerFor(matcher.matches);
  const apply = options.apply;
  const items: ForgetItem[] = [];
  const add = (store: ForgetStore, file: string, ids: readonly string[], count: number, action: ForgetItem['action']) => {
    if (count > 0) items.push({ store, file, ids: [...ids], count, action });
  };
  const roots: Root[] = [{ scope: 'global', trusted: paths.home, dir: paths.home }];
  if (paths.project !== null && paths.projectDir !== null) roots.push({ scope: 'project', trusted: paths.project, dir: paths.projectDir });
  const skip = new Set(paths.project !== null && isUnder(paths.home, paths.project) ? [resolve(paths.project)] : []);

  // Semantic memory through its store: entries go by id, under each file's lock.
  for (const r of roots) {
    const store = new FileSemanticStore({ scope: r.scope, dir: join(r.dir, 'memory'), root: r.trusted, clock: options.clock });
    const snap = await store.read();
    for (const [name, list] of [['rules', snap.rules], ['lessons', snap.lessons], ['profile', snap.identities]] as const) {
      const hit = list.filter((e) => matcher.matches(e.text));
      if (apply) for (const e of hit) await store.remove(e.id);
      add(name, store.pathOf(name), hit.map((e) => e.id), hit.length, 'remove');
    }
  }

  let episodesChanged = false;
  const indexFiles: { root: Root; file: string }[] = [];
  const skillFolders = new Map<string, { root: Root; dir: string }>();
  for (const r of roots) {
    for (const file of walkEngramFiles(r.dir, skip).files) {
      const c = classifyEngramFile(r.dir, file);
      switch (c.kind) {
        case 'semantic': {
          // What the entries left: a heading, prose or a hand-written line holding the subject.
          if (!apply) break;
          const ch = await redactText(r.trusted, file, matcher, marker, true);
          add(basename(file, '.md') as ForgetStore, file, [], ch.count, 'redact');
          break;
        }
        case 'history': {
          const ch = await dropLines(r.trusted, file, matcher, marker, apply, idFromJson(['id']));
          add('history', file, ch.ids, ch.count, 'remove');
          break;
        }
        case 'pending': {
          const ch = await dropJsonItems(r.trusted, file, matcher, marker, apply);
          add('pending', file, ch.ids, ch.count, 'remove');
          break;
        }
        case 'quarantine': {
          const ch = file.endsWith('.jsonl') ? await dropLines(r.trusted, file, matcher, marker, apply, idFromJson(['id'])) : await dropJsonItems(r.trusted, file, matcher, marker, apply);
          add('quarantine', file, ch.ids, ch.count, 'remove');
          break;
        }
        case 'episodes': {
          const ch = await dropLines(r.trusted, file, matcher, marker, apply, idFromJson(['session', 'turn', 'role']));
          if (ch.count > 0) episodesChanged = true;
          add('episodes', file, ch.ids, ch.count, 'remove');
          break;
        }
        case 'index':
          indexFiles.push({ root: r, file });
          break;
        case 'skill':
          if (!skillFolders.has(c.folder) && (matcher.matches(c.folder) || fileMentions(r.trusted, file, matcher))) skillFolders.set(c.folder, { root: r, dir: join(r.dir, 'skills', c.folder) });
          break;
        case 'recipes': {
          const ch = await dropJsonItems(r.trusted, file, matcher, marker, apply);
          add('recipes', file, ch.ids, ch.count, 'remove');
          break;
        }
        case 'instinct':
          if (fileMentions(r.trusted, file, matcher)) {
            if (apply) removeContained(r.trusted, file);
            add('instincts', file, [basename(file, '.md')], 1, 'remove');
          }
          break;
        case 'generated-rules': {
          const ch = await dropLines(r.trusted, file, matcher, marker, apply);
          add('instincts', file, [], ch.count, 'remove');
          break;
        }
        case 'events': {
          const red = await redactLogFile(file, matcher, { marker, apply, root: r.trusted, clock: options.clock });
          add('events', file, red.seqs.map(String), red.occurrences, 'redact');
          break;
        }
        case 'checkpoint':
          // A session's resume checkpoint is a cache of its log, holding its text in V8's format (which a
          // search for the subject may not read): removed whatever it holds; the next resume folds the log.
          if (apply) removeContained(r.trusted, file);
          break;
        case 'lock':
          break;
        case 'user':
          if (fileMentions(r.trusted, file, matcher)) add('untouched', file, [], 1, 'keep');
          break;
        case 'other': {
          if (readText(r.trusted, file) === null) {
            if (fileMentions(r.trusted, file, matcher)) add('untouched', file, [], 1, 'keep');
            break;
          }
          const ch = await redactText(r.trusted, file, matcher, marker, apply);
          add('other', file, [], ch.count, 'redact');
          break;
        }
      }
    }
  }

  for (const [folder, s] of skillFolders) {
    if (apply) rmSync(containedPath(s.root.trusted, s.dir), { recursive: true, force: true });
    add('skills', s.dir, [folder], 1, 'remove');
  }

  // The episode index is a projection: when episodes changed or its pages hold the subject, it is deleted (with its -wal and -shm) and rebuilt from the files.
  const dbs = new Map<string, Root>();
  for (const { root, file } of indexFiles) {
    const db = file.replace(/-(wal|shm|journal)$/, '');
    if (dbs.has(db)) continue;
    const isEpisodes = paths.episodeIndexFile !== null && resolve(db) === resolve(paths.episodeIndexFile);
    if ((isEpisodes && episodesChanged) || SQLITE_SIDE_FILES.some((s) => readContained(root.trusted, db + s) !== null && fileMentions(root.trusted, db + s, matcher))) dbs.set(db, root);
  }
  for (const [db, root] of dbs) {
    const isEpisodes = paths.episodeIndexFile !== null && resolve(db) === resolve(paths.episodeIndexFile);
    if (apply) {
      for (const s of SQLITE_SIDE_FILES) removeContained(root.trusted, db + s);
      if (isEpisodes && paths.episodesDir !== null) {
        const index = new EpisodeIndex({ episodesDir: paths.episodesDir, indexFile: db });
        try {
          index.reindex();
        } finally {
          index.close();
        }
        for (const s of ['-wal', '-shm', '-journal']) removeContained(root.trusted, db + s);
      }
    }
    add('episode-index', db, [], 1, isEpisodes ? 'rebuild' : 'remove');
  }

  const remaining: string[] = [];
  const notSearched: string[] = [];
  if (apply)
    for (const r of roots) {
      const walked = walkEngramFiles(r.dir, skip);
      for (const file of walked.files) if (fileMentions(r.trusted, file, matcher, relative(r.dir, file))) remaining.push(file);
      // A link is never entered, so whatever it leads to may still hold the subject: say so, never "nothing mentions it".
      for (const link of walked.links) {
        remaining.push(link);
        notSearched.push(link);
      }
    }

  const totals: Partial<Record<ForgetStore, number>> = {};
  for (const i of items) totals[i.store] = (totals[i.store] ?? 0) + i.count;
  return { applied: apply, marker, items, totals, remaining, notSearched };
};
