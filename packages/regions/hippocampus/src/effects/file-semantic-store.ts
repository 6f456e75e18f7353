import {
  scrubSecrets,
  systemClock,
  type Clock,
  type EncodeRequest,
  type EncodeResult,
  type EngramScope,
  type MemoryDiagnostic,
  type MemoryEntry,
  type MutationResult,
  type RecallRequest,
  type RecallResult,
  type RuleKind,
  type SemanticSnapshot,
  type SemanticStore,
} from '@engram/kernel';
import {
  DEFAULT_LOCK_SETTINGS,
  appendDurably,
  ensureDir,
  isTempFor,
  listContained,
  nodeFsPort,
  removeContained,
  rootForDir,
  withLock,
  writeFileAtomic,
  type AssertLockHeld,
  type FsPort,
  type LockSettings,
} from '@engram/fs';
import { join } from 'node:path';
import { appendEntries, type PlacedEntry } from '../add-entries.js';
import { cleanEntryText } from '../clean-entry-text.js';
import { newEntryId } from '../entry-id.js';
import { newEntryComment } from '../entry-line.js';
import { isoUtc } from '../format-timestamp.js';
import { MEMORY_FILE_NAMES, documentEntries, renderDocument, type MemoryDocument, type MemoryFileKind } from '../memory-document.js';
import { MemoryIndex } from '../memory-index.js';
import { mergeIdentity } from '../merge-identity.js';
import { DEFAULT_RULE_WRITE_LIMITS, planRuleWrite, type RuleWriteLimits } from '../plan-rule-write.js';
import { recallSection } from '../recall-section.js';
import { removeEntry } from '../remove-entry.js';
import { replaceEntry } from '../replace-entry.js';
import { sanitizeSlug } from '../sanitize-slug.js';
import { sortRulesBySection } from '../sort-rules-by-section.js';
import { MemoryFileCache, contentKey, type LoadedFile } from './memory-file-cache.js';

export interface FileSemanticStoreOptions {
  /** The memory folder (`$ENGRAM_HOME/memory` or `<project>/.engram/memory`). */
  readonly dir: string;
  readonly scope: EngramScope;
  /**
   * The trusted folder the memory files must stay under, with no link between it and them
   * (default: the project folder for `<project>/.engram/memory`, else the folder's parent).
   */
  readonly root?: string;
  /** The system calls the writers make (tests inject failures here). */
  readonly port?: FsPort;
  readonly clock?: Clock;
  readonly lock?: Partial<LockSettings>;
  /**
   * fdatasync each lesson append (default false). Off, an append survives any process crash
   * (the data is in the OS) and only a power loss within the OS's flush interval can drop the
   * newest lessons; on, each append waits for the disk. Rewrites are always fsynced: without
   * it a power loss could leave a renamed but empty file, losing everything.
   */
  readonly syncAppends?: boolean;
  /** When rule encodes rewrite rules.md instead of appending to it (tests shrink these to exercise every path). */
  readonly ruleWrites?: Partial<RuleWriteLimits>;
}

/**
 * What a critical section decided to write: a whole new document, or lines to append (`text`).
 * `index` is given when the loaded index was kept current, to spare a rebuild. `sync` makes an
 * append fdatasync (rule appends always do: a rule encode was durable when it was a rewrite).
 */
type Change =
  | { readonly mode: 'rewrite' | 'append'; readonly doc: MemoryDocument; readonly text?: string; readonly index?: MemoryIndex; readonly sync?: boolean }
  | null;

const FILES: readonly MemoryFileKind[] = ['rules', 'lessons', 'profile'];

/** Anton's defaults for `encode_rule` (confidence medium, source llm) and `encode_lesson` (source llm). */
const RULE_DEFAULT_CONFIDENCE = 'medium';
const DEFAULT_SOURCE = 'llm';

const fileFor = (kind: EncodeRequest['kind']): MemoryFileKind => (kind === 'lesson' ? 'lessons' : kind === 'profile' ? 'profile' : 'rules');

/**
 * Semantic memory of one scope in Anton's markdown files (rules.md, lessons.md, profile.md).
 * Every read-modify-write holds the file's cross-process lock; rewrites are atomic and
 * fsynced, lesson encodes are durable appends, rule encodes are fdatasynced appends to a large
 * rules.md (see `planRuleWrite`); parsed files are cached and revalidated by stat.
 * Every text written passes the secret scrubber and the sanitiser first.
 */
export class FileSemanticStore implements SemanticStore {
  readonly scope: EngramScope;
  readonly dir: string;
  readonly root: string;
  private readonly port: FsPort;
  private readonly clock: Clock;
  private readonly lockSettings: LockSettings;
  private readonly cache: MemoryFileCache;
  private readonly tempsSwept = new Set<string>();
  private readonly syncAppends: boolean;
  private readonly ruleWrites: RuleWriteLimits;
  private dirReady = false;
  /** The last snapshot `read` built, with the loaded files it came from. */
  private lastRead: { readonly loaded: readonly LoadedFile[]; readonly snapshot: SemanticSnapshot } | null = null;

  constructor(options: FileSemanticStoreOptions) {
    this.scope = options.scope;
    this.dir = options.dir;
    this.root = options.root ?? rootForDir(options.dir);
    this.port = options.port ?? nodeFsPort;
    this.clock = options.clock ?? systemClock;
    // Batches of encodes reuse one lock (see LockSettings.linger).
    this.lockSettings = { ...DEFAULT_LOCK_SETTINGS, linger: true, ...options.lock };
    this.cache = new MemoryFileCache(options.scope, this.root, this.port);
    this.syncAppends = options.syncAppends ?? false;
    this.ruleWrites = { ...DEFAULT_RULE_WRITE_LIMITS, ...options.ruleWrites };
  }

  pathOf(file: MemoryFileKind): string {
    return join(this.dir, MEMORY_FILE_NAMES[file]);
  }

  read(): Promise<SemanticSnapshot> {
    const loaded = FILES.map((f) => this.cache.load(this.pathOf(f), f));
    // Unchanged files give the very same snapshot: readers (the prompt path) can memoise on it.
    const memo = this.lastRead;
    if (memo !== null && loaded.every((l, i) => l === memo.loaded[i] || (!l.exists && memo.loaded[i]?.exists === false))) return Promise.resolve(memo.snapshot);
    const [rules, lessons, profile] = loaded.map((l) => documentEntries(l.doc)) as [MemoryEntry[], MemoryEntry[], MemoryEntry[]];
    const snapshot: SemanticSnapshot = { rules: sortRulesBySection(rules), lessons, identities: profile, diagnostics: loaded.flatMap(diagnosticsOf) };
    this.lastRead = { loaded, snapshot };
    return Promise.resolve(snapshot);
  }

  recall(request: RecallRequest): Promise<RecallResult> {
    const [rules, lessons, identities] = FILES.map((f) => documentEntries(this.cache.load(this.pathOf(f), f).doc)) as [MemoryEntry[], MemoryEntry[], MemoryEntry[]];
    // Rules in `read`'s order, so recency ties break the same whatever the file's section layout.
    return Promise.resolve(recallSection({ rules: sortRulesBySection(rules), lessons, identities }, request));
  }

  encodeRule(text: string, kind: RuleKind, options: Omit<EncodeRequest, 'text' | 'kind'> = {}): Promise<EncodeResult> {
    return this.encodeOne({ ...options, text, kind });
  }

  encodeLesson(text: string, options: Omit<EncodeRequest, 'text' | 'kind'> = {}): Promise<EncodeResult> {
    return this.encodeOne({ ...options, text, kind: 'lesson' });
  }

  /** Merges identity facts into profile.md (a `key: value` fact replaces the older one with that key). */
  rewriteIdentity(facts: readonly string[]): Promise<readonly EncodeResult[]> {
    return this.encode(facts.map((text) => ({ text, kind: 'profile' })));
  }

  async encode(requests: readonly EncodeRequest[]): Promise<readonly EncodeResult[]> {
    const results: EncodeResult[] = [];
    if (requests.length === 1 && requests[0] !== undefined) {
      const known = this.knownDuplicate(requests[0]);
      if (known !== null) return [known];
    }
    const at = isoUtc(this.clock.now());
    const groups = new Map<MemoryFileKind, { index: number; request: EncodeRequest; text: string }[]>();
    requests.forEach((request, index) => {
      const file = fileFor(request.kind);
      const text = cleanEntryText(request.text);
      if (text === '') {
        results[index] = { outcome: 'empty', entry: null, location: this.pathOf(file) };
        return;
      }
      const list = groups.get(file);
      if (list === undefined) groups.set(file, [{ index, request, text }]);
      else list.push({ index, request, text });
    });
    for (const [file, items] of groups) {
      const location = this.pathOf(file);
      await this.mutate(file, (loaded) => {
        if (file === 'profile') {
          const merged = mergeIdentity(
            loaded.doc,
            items.map((i) => i.text),
          );
          merged.results.forEach((r, k) => {
            const item = items[k];
            if (item !== undefined) results[item.index] = { outcome: r.outcome, entry: r.entry, location };
          });
          return merged.results.some((r) => r.outcome !== 'duplicate') ? { mode: 'rewrite', doc: merged.doc } : null;
        }
        const placed: PlacedEntry[] = [];
        for (const { index, request, text } of items) {
          const existing = loaded.index.withText(text);
          if (existing !== undefined) {
            results[index] = { outcome: 'duplicate', entry: existing, location };
            continue;
          }
          const p = this.place(file, request, text, request.at ?? at, loaded.index);
          loaded.index.add(p.entry);
          placed.push(p);
          results[index] = { outcome: 'added', entry: p.entry, location };
        }
        if (placed.length === 0) return null;
        if (file === 'rules') return { ...planRuleWrite(loaded.doc, placed, loaded.exists, this.ruleWrites), index: loaded.index, sync: true };
        const appended = appendEntries(loaded.doc, placed);
        return { mode: 'append', doc: appended.doc, text: appended.appended, index: loaded.index };
      });
    }
    return results;
  }

  async update(id: string, text: string): Promise<MutationResult> {
    const file = this.fileHolding(id);
    if (file === null) return { outcome: 'not-found', entry: null };
    const clean = cleanEntryText(text);
    if (clean === '') return { outcome: 'empty', entry: null };
    let result: MutationResult = { outcome: 'not-found', entry: null };
    await this.mutate(file, (loaded) => {
      const current = loaded.index.withId(id);
      if (current === undefined) return null;
      const other = loaded.index.withText(clean);
      if (current.text === clean) {
        result = { outcome: 'unchanged', entry: current };
        return null;
      }
      if (other !== undefined && other.id !== id) {
        result = { outcome: 'duplicate', entry: other };
        return null;
      }
      const replaced = replaceEntry(loaded.doc, id, clean, isoUtc(this.clock.now()));
      if (replaced === null) return null;
      result = { outcome: 'updated', entry: replaced.entry };
      return { mode: 'rewrite', doc: replaced.doc };
    });
    return result;
  }

  async remove(id: string): Promise<MutationResult> {
    const file = this.fileHolding(id);
    if (file === null) return { outcome: 'not-found', entry: null };
    let result: MutationResult = { outcome: 'not-found', entry: null };
    await this.mutate(file, (loaded) => {
      const { doc, removed } = removeEntry(loaded.doc, id);
      if (removed === null) return null;
      result = { outcome: 'removed', entry: removed };
      return { mode: 'rewrite', doc };
    });
    return result;
  }

  async clear(): Promise<void> {
    for (const file of FILES) {
      const path = this.pathOf(file);
      await withLock(path, this.lockSettings, () => {
        removeContained(this.root, path, this.port);
        this.cache.forget(path);
      });
    }
    // Anton's clear() also removes legacy topic files (anton.md §6.6).
    const topics = join(this.dir, 'topics');
    for (const name of listContained(this.root, topics, this.port)) if (name.endsWith('.md')) removeContained(this.root, join(topics, name), this.port);
  }

  private async encodeOne(request: EncodeRequest): Promise<EncodeResult> {
    const [result] = await this.encode([request]);
    if (result === undefined) throw new Error('encode returned no result');
    return result;
  }

  /**
   * A duplicate needs no lock: the file as it is now (stat-validated) already holds the text,
   * so writing nothing is correct whatever other writers do next. Only rules and lessons: a
   * profile fact may still supersede.
   */
  private knownDuplicate(request: EncodeRequest): EncodeResult | null {
    const file = fileFor(request.kind);
    if (file === 'profile') return null;
    const path = this.pathOf(file);
    const existing = this.cache.load(path, file).index.withText(cleanEntryText(request.text));
    return existing === undefined ? null : { outcome: 'duplicate', entry: existing, location: path };
  }

  private fileHolding(id: string): MemoryFileKind | null {
    return FILES.find((f) => this.cache.load(this.pathOf(f), f).index.withId(id) !== undefined) ?? null;
  }

  private place(file: MemoryFileKind, request: EncodeRequest, text: string, at: string, index: MemoryIndex): PlacedEntry {
    const isRule = file === 'rules';
    const confidence = request.confidence === undefined ? (isRule ? RULE_DEFAULT_CONFIDENCE : null) : request.confidence;
    const source = request.source === undefined ? DEFAULT_SOURCE : request.source;
    const topic = request.topic == null || request.topic === '' ? null : sanitizeSlug(scrubSecrets(request.topic));
    let salt = 0;
    let id = newEntryId(this.scope, request.kind, text, at);
    while (index.withId(id) !== undefined) id = newEntryId(this.scope, request.kind, text, at, ++salt);
    const entry: MemoryEntry = {
      id,
      text,
      kind: request.kind,
      scope: this.scope,
      confidence,
      topic,
      source,
      section: isRule ? request.kind : null,
      updatedAt: at,
      ...(request.trust == null ? {} : { trust: request.trust }),
    };
    return { entry, comment: newEntryComment(file, { confidence, source, topic, at, id, trust: request.trust ?? null }) };
  }

  /**
   * One read-modify-write of one file under its lock: load (cached unless the file changed),
   * decide, write, remember. A file that could not be decoded is never written over.
   */
  private async mutate(file: MemoryFileKind, decide: (loaded: LoadedFile) => Change): Promise<void> {
    const path = this.pathOf(file);
    if (!this.dirReady) {
      ensureDir(this.root, this.dir, this.port);
      this.dirReady = true;
    }
    try {
      await this.mutateLocked(file, path, decide);
    } catch (err) {
      // The folder was removed since this store made it: make it again, once.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      ensureDir(this.root, this.dir, this.port);
      await this.mutateLocked(file, path, decide);
    }
  }

  private async mutateLocked(file: MemoryFileKind, path: string, decide: (loaded: LoadedFile) => Change): Promise<void> {
    await withLock(path, this.lockSettings, (assertHeld) => {
      this.sweepTemps(file);
      const loaded = this.cache.load(path, file);
      if (loaded.unreadable !== null) throw new Error(loaded.unreadable);
      try {
        const change = decide(loaded);
        if (change !== null) this.commit(path, loaded, change, assertHeld);
      } catch (err) {
        this.cache.forget(path); // the index may hold entries that never reached the file
        throw err;
      }
    });
  }

  private commit(path: string, loaded: LoadedFile, change: NonNullable<Change>, assertHeld: AssertLockHeld): void {
    const next: LoadedFile = { path, exists: true, doc: change.doc, index: change.index ?? new MemoryIndex(change.doc), unreadable: null };
    if (change.mode === 'append' && change.text !== undefined && loaded.exists) {
      assertHeld();
      const known = this.cache.keyOf(path);
      const appended = appendDurably(path, change.text, { root: this.root, port: this.port, sync: change.sync ?? this.syncAppends });
      const before = contentKey(appended.before);
      const after = contentKey(appended.after);
      // Someone (a hand edit; editors take no lock) changed the file since it was parsed: the
      // append is safe on disk, but the cached document lacks their change, so parse it afresh.
      if (before === known) this.cache.remember(path, next, after);
      else this.cache.forget(path);
      return;
    }
    writeFileAtomic(path, renderDocument(change.doc), { root: this.root, port: this.port, beforeCommit: assertHeld });
    this.cache.remember(path, next);
  }

  /** Temp files left by a writer killed mid-rewrite; under the lock no live writer owns one. */
  private sweepTemps(file: MemoryFileKind): void {
    if (this.tempsSwept.has(file)) return;
    this.tempsSwept.add(file);
    const name = MEMORY_FILE_NAMES[file];
    for (const entry of listContained(this.root, this.dir, this.port)) if (isTempFor(name, entry)) removeContained(this.root, join(this.dir, entry), this.port);
  }
}

const diagnosticsOf = (loaded: LoadedFile): MemoryDiagnostic[] => {
  const out: MemoryDiagnostic[] = [];
  if (loaded.unreadable !== null) out.push({ location: loaded.path, line: 0, field: null, message: loaded.unreadable });
  loaded.doc.lines.forEach((line, i) => {
    for (const note of line.notes) out.push({ location: loaded.path, line: i + 1, field: note.field, message: note.message });
  });
  return out;
};
