import type Database from 'better-sqlite3';
import { closeSync, existsSync, fstatSync, lstatSync, openSync, readSync, rmSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { bytesVector, nearestVectors, RECALL_FIELD_WEIGHTS, vectorByteLength, vectorBytes } from '@engram/kernel';
import { O, isFsError, listContained, makePrivateFile, rootForDir } from '@engram/fs';
import { MAX_SCORED_ROWS, type CountedWord } from '../episodes/cap-words.js';
import { rankingSteps } from '../episodes/ranking-steps.js';
import { MEMORY_ROLES, type EpisodeProblem, type StoredEpisode } from '../episodes/episode.js';
import { episodeMatcher } from '../episodes/episode-matcher.js';
import { episodeKey, keyAtMs, parseEpisodeTs, sessionFileTime } from '../episodes/episode-time.js';
import { parseEpisodeLine } from '../episodes/parse-episode-line.js';
import type { ScoredEpisode } from '../episodes/search-episodes.js';
import { episodeFields, rankedMatchQuery, rankedWords } from '../episodes/episode-fields.js';
import { openSqlite } from './open-sqlite.js';

/** Bump when the schema changes: an index of another version is dropped and rebuilt from the JSONL files. */
const SCHEMA_VERSION = 5;
/** FTS5's trigram tokenizer indexes 3-character grams, so shorter queries cannot use it. */
export const MIN_INDEXED_QUERY = 3;
/** Bytes read per chunk while catching up a file: large enough for few syscalls, small enough to bound memory on a huge file. */
const READ_CHUNK = 4 * 2 ** 20;
/** Bytes kept from just before a file's indexed end, to notice a file rewritten in place (Anton's `del_episode_entry`). */
const TAIL_CHECK_BYTES = 64;
/**
 * SQLite's page cache for the index, in KiB (its default is 2 MiB): a ranked question reads each
 * scored row's length and its words' row lists, which over a large project (a million episodes is
 * about a gigabyte of index) miss a small cache on almost every row; the cache only grows as used.
 */
const CACHE_KIB = 64 * 1024;
/** FTS5's bm25() with the ranking core's field weights, in the columns' order (text, who, tags, the date as words); lower is better. */
const WEIGHTED_BM25 = `bm25(episodes_terms, ${RECALL_FIELD_WEIGHTS.text}, ${RECALL_FIELD_WEIGHTS.who}, ${RECALL_FIELD_WEIGHTS.tags}, ${RECALL_FIELD_WEIGHTS.date})`;
/** Matches fetched per round trip while the matcher re-checks FTS candidates. */
const PAGE = 64;

/** What one catch-up or rebuild did. */
export interface SyncReport {
  readonly filesScanned: number;
  readonly filesRead: number;
  readonly episodesAdded: number;
  /** Lines that could not be read, found by this call (all of them: `problems()`). */
  readonly problems: readonly EpisodeProblem[];
}

export interface MatchOptions {
  /** Only episodes at or after this time (ms since the epoch). */
  readonly sinceMs?: number;
  readonly limit: number;
}

interface FileRow {
  readonly name: string;
  readonly ino: number;
  readonly mtime: number;
  readonly offset: number;
  readonly lines: number;
  readonly tail: Buffer;
}

interface EpisodeRow {
  readonly id: number;
  readonly file: string;
  readonly line: number;
  readonly ts: string;
  readonly session: string;
  readonly turn: number;
  readonly role: string;
  readonly content: string;
  readonly meta: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS files (name TEXT PRIMARY KEY, ino INTEGER NOT NULL, mtime REAL NOT NULL, offset INTEGER NOT NULL, lines INTEGER NOT NULL, tail BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS episodes (id INTEGER PRIMARY KEY, file TEXT NOT NULL, line INTEGER NOT NULL, ts TEXT NOT NULL, session TEXT NOT NULL, turn INTEGER NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, meta TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS episodes_turn ON episodes (file, session, turn);
CREATE TABLE IF NOT EXISTS problems (file TEXT NOT NULL, line INTEGER NOT NULL, reason TEXT NOT NULL, PRIMARY KEY (file, line));
CREATE VIRTUAL TABLE IF NOT EXISTS episodes_fts USING fts5 (content, content='episodes', content_rowid='id', tokenize='trigram case_sensitive 0');
CREATE TRIGGER IF NOT EXISTS episodes_ad AFTER DELETE ON episodes BEGIN INSERT INTO episodes_fts (episodes_fts, rowid, content) VALUES ('delete', old.id, old.content); END;
CREATE VIRTUAL TABLE IF NOT EXISTS episodes_terms USING fts5 (body, who, tags, day, tokenize='porter unicode61 remove_diacritics 2');
INSERT INTO episodes_terms (episodes_terms, rank) VALUES ('rank', 'bm25(${RECALL_FIELD_WEIGHTS.text}, ${RECALL_FIELD_WEIGHTS.who}, ${RECALL_FIELD_WEIGHTS.tags}, ${RECALL_FIELD_WEIGHTS.date})');
CREATE TRIGGER IF NOT EXISTS episodes_terms_ad AFTER DELETE ON episodes BEGIN DELETE FROM episodes_terms WHERE rowid = old.id; END;
CREATE TABLE IF NOT EXISTS episode_vectors (id INTEGER PRIMARY KEY, model TEXT NOT NULL, vec BLOB NOT NULL);
CREATE TRIGGER IF NOT EXISTS episode_vectors_ad AFTER DELETE ON episodes BEGIN DELETE FROM episode_vectors WHERE id = old.id; END;
`;

const DROP = `DROP TRIGGER IF EXISTS episode_vectors_ad; DROP TABLE IF EXISTS episode_vectors; DROP TRIGGER IF EXISTS episodes_ai; DROP TRIGGER IF EXISTS episodes_ad; DROP TRIGGER IF EXISTS episodes_terms_ad; DROP TABLE IF EXISTS episodes_terms; DROP TABLE IF EXISTS episodes_fts; DROP TABLE IF EXISTS episodes; DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS problems;`;

const COLUMNS = 'e.id, e.file, e.line, e.ts, e.session, e.turn, e.role, e.content, e.meta';

const toStored = (row: EpisodeRow): StoredEpisode => {
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(row.meta) as Record<string, unknown>;
  } catch {
    // written by this class from a parsed object; unreachable unless the index was edited by hand
  }
  return { ts: row.ts, session: row.session, turn: row.turn, role: row.role, content: row.content, meta, file: row.file, line: row.line, key: row.id };
};

/** Nothing to read: same file, same size and modification time as when it was last indexed. */
const unchanged = (row: FileRow, st: { readonly ino: number; readonly size: number; readonly mtimeMs: number }): boolean => row.ino === st.ino && row.offset === st.size && row.mtime === st.mtimeMs;

/** Is this a SQLite error saying the file is not a usable database? */
const isCorruption = (err: unknown): boolean => {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
};

/**
 * The episode index: a SQLite FTS5 (trigram) projection of the episode JSONL files, which stay
 * the source of truth. `sync()` catches up by each file's indexed byte offset (a file that
 * shrank, was replaced, or was rewritten in place is re-read whole); `reindex()` rebuilds from
 * scratch. Episode rowids are time-ordered keys (`episodeKey`), so matches stream newest first
 * and `days_back` is a rowid range. A corrupt or foreign index file is deleted and rebuilt.
 */
export class EpisodeIndex {
  readonly episodesDir: string;
  readonly indexFile: string;
  private db: Database.Database;
  /** The matcher the scan path's SQL function calls; set per query. */
  private scanMatch: (content: string) => boolean = () => false;
  /** Statements of the read paths, prepared once per open database (a reindex keeps the tables' names). */
  private rankedStmt: Database.Statement | null = null;
  private turnStmt: Database.Statement | null = null;
  private countStmt: Database.Statement | null = null;
  private newestStmt: Database.Statement | null = null;
  /**
   * The files table as last read, and the database's `data_version` then: a sync re-reads the
   * table only when another connection has committed since (a catch-up or reindex elsewhere), so
   * a question over thousands of session files does not read them all from SQLite each time.
   */
  private files: { readonly version: number; readonly rows: Map<string, FileRow> } | null = null;
  /** Problems found while opening (a corrupt index that was rebuilt), reported by the next sync. */
  private pending: EpisodeProblem[] = [];

  constructor(options: { readonly episodesDir: string; readonly indexFile: string }) {
    this.episodesDir = options.episodesDir;
    this.indexFile = options.indexFile;
    this.db = this.open();
  }

  close(): void {
    this.db.close();
  }

  /** Reads what was appended to the JSONL files since the last call; drops files that are gone. */
  sync(): SyncReport {
    const problems: EpisodeProblem[] = this.pending;
    this.pending = [];
    // Episodes are recalled into the prompt: a linked episodes folder or file (a cloned project
    // can carry one) is reported and never read.
    let names: string[] = [];
    try {
      names = listContained(rootForDir(this.episodesDir), this.episodesDir)
        .filter((n) => n.endsWith('.jsonl'))
        .sort();
    } catch (err) {
      if (!isFsError(err)) throw err;
      problems.push({ file: this.episodesDir, line: 0, reason: err.message });
    }
    let filesRead = 0;
    let episodesAdded = 0;
    const cached = this.knownFiles();
    const known = new Map(cached);
    for (const name of names) {
      // Not path.join: its normalising costs milliseconds a question over thousands of files; the folder is already normal and `name` a plain entry.
      const path = `${this.episodesDir}${sep}${name}`;
      let st;
      try {
        st = lstatSync(path);
      } catch {
        continue; // deleted between readdir and stat: the next sync drops it
      }
      if (!st.isFile()) {
        problems.push({ file: path, line: 0, reason: st.isSymbolicLink() ? 'is a symbolic link, which engram never follows; not indexed' : 'not a regular file; not indexed' });
        continue;
      }
      const row = known.get(name);
      known.delete(name);
      if (row !== undefined && unchanged(row, st)) continue;
      const added = this.db.transaction(() => this.catchUp(name, path, problems)).immediate();
      const now = this.db.prepare('SELECT name, ino, mtime, offset, lines, tail FROM files WHERE name = ?').get(name) as FileRow | undefined;
      if (now === undefined) cached.delete(name);
      else cached.set(name, now);
      if (added !== null) {
        filesRead++;
        episodesAdded += added;
      }
    }
    if (known.size > 0) this.db.transaction(() => {
      for (const name of known.keys()) this.forget(name);
    }).immediate();
    for (const name of known.keys()) cached.delete(name);
    // What this connection wrote is in the cache already: only another connection's commit makes it stale.
    this.files = { version: this.dataVersion(), rows: cached };
    return { filesScanned: names.length, filesRead, episodesAdded, problems };
  }

  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /** The files table: the cached copy while no other connection has committed since it was read. */
  private knownFiles(): Map<string, FileRow> {
    if (this.files !== null && this.files.version === this.dataVersion()) return this.files.rows;
    return new Map((this.db.prepare('SELECT name, ino, mtime, offset, lines, tail FROM files').all() as FileRow[]).map((r) => [r.name, r]));
  }

  /** Drops everything and indexes every file again (`engram memory reindex`). */
  reindex(): SyncReport {
    this.rankedStmt = null;
    this.turnStmt = null;
    this.countStmt = null;
    this.newestStmt = null;
    this.files = null;
    this.db.transaction(() => {
      this.db.exec(DROP);
      this.db.exec(SCHEMA);
    }).immediate();
    return this.sync();
  }

  /**
   * Episodes whose content contains `query` (case-insensitive literal), newest first. Queries
   * of 3 or more characters go through the trigram index and every candidate is re-checked with
   * Anton's matcher; shorter ones scan the table newest first (still no JSON parsing).
   */
  matches(query: string, options: MatchOptions): StoredEpisode[] {
    if (options.limit <= 0 || query === '') return [];
    const matcher = episodeMatcher(query);
    const since = options.sinceMs === undefined ? 0 : keyAtMs(options.sinceMs);
    // FTS5 parses a query as a C string: one holding NUL must scan.
    const useIndex = [...query].length >= MIN_INDEXED_QUERY && !query.includes('\0');
    const stmt = useIndex
      ? this.db.prepare(`SELECT ${COLUMNS} FROM episodes_fts JOIN episodes e ON e.id = episodes_fts.rowid WHERE episodes_fts MATCH ? AND episodes_fts.rowid >= ? AND episodes_fts.rowid < ? ORDER BY episodes_fts.rowid DESC LIMIT ?`)
      : this.db.prepare(`SELECT ${COLUMNS} FROM episodes e WHERE e.id >= ? AND e.id < ? AND engram_scan_match(e.content) ORDER BY e.id DESC LIMIT ?`);
    const phrase = `"${query.replace(/"/g, '""')}"`;
    this.scanMatch = matcher;
    const out: StoredEpisode[] = [];
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = (useIndex ? stmt.all(phrase, since, before, PAGE) : stmt.all(since, before, PAGE)) as EpisodeRow[];
      for (const row of rows) {
        if (!matcher(row.content)) continue;
        out.push(toStored(row));
        if (out.length >= options.limit) return out;
      }
      const last = rows.at(-1);
      if (rows.length < PAGE || last === undefined) return out;
      before = last.id;
    }
  }

  /**
   * The episodes sharing a term with `query` (stemmed by FTS5's porter tokenizer), best first by
   * FTS5's bm25() with the ranking core's field weights (text, who, tags, the date as words), over
   * the rows `rankingSteps` chooses: every row of the question's words within the cap, coordination
   * levels past it.
   */
  ranked(query: string, options: MatchOptions): ScoredEpisode[] {
    const steps = rankingSteps(this.countWords(rankedWords(query)), options.limit);
    const since = options.sinceMs === undefined ? 0 : keyAtMs(options.sinceMs);
    this.newestStmt ??= this.db.prepare('SELECT rowid FROM episodes_terms WHERE episodes_terms MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?');
    // The weighted bm25 is computed inside FTS5, so the episodes table is read for the winners only. Called as bm25() rather
    // than through the `rank` column: FTS5's ORDER BY rank scores every match before it applies the rowid bound.
    this.rankedStmt ??= this.db.prepare(
      `SELECT ${COLUMNS}, -t.rank AS score FROM (SELECT rowid, ${WEIGHTED_BM25} AS rank FROM episodes_terms WHERE episodes_terms MATCH ? AND rowid >= ? ORDER BY rank LIMIT ?) t JOIN episodes e ON e.id = t.rowid ORDER BY t.rank, e.id DESC`,
    );
    const found = new Map<number, ScoredEpisode>();
    for (const step of steps) {
      if (found.size >= options.limit) break;
      const match = rankedMatchQuery(step.words.map((w) => w.word), step.match);
      // Only the step's newest `window` matches are scored: they start at the window's last row.
      const newest = step.window === null ? 0 : ((this.newestStmt.get(match, step.window - 1) as { rowid: number } | undefined)?.rowid ?? 0);
      for (const row of this.rankedStmt.all(match, Math.max(newest, since), options.limit) as (EpisodeRow & { score: number })[]) {
        if (!found.has(row.id)) found.set(row.id, { episode: toStored(row), score: row.score });
      }
    }
    return [...found.values()].slice(0, options.limit);
  }

  /**
   * What `ranked` would answer with no cap: every row sharing a word with `query` scored, however
   * many (a second or more at a million episodes). Never a recall path: the reference
   * `capAgreement` measures the cap against. `pastCap`: every word of the question is in more than
   * `MAX_SCORED_ROWS` rows, so `ranked` goes by coordination levels.
   */
  rankedUncapped(query: string, limit: number): { readonly pastCap: boolean; readonly rows: ScoredEpisode[] } {
    const counted = this.countWords(rankedWords(query));
    if (counted.length === 0 || limit <= 0) return { pastCap: false, rows: [] };
    const rows = this.db
      .prepare(`SELECT ${COLUMNS}, -t.rank AS score FROM (SELECT rowid, ${WEIGHTED_BM25} AS rank FROM episodes_terms WHERE episodes_terms MATCH ? ORDER BY rank LIMIT ?) t JOIN episodes e ON e.id = t.rowid ORDER BY t.rank, e.id DESC`)
      .all(rankedMatchQuery(counted.map((c) => c.word), 'any'), limit) as (EpisodeRow & { score: number })[];
    return { pastCap: counted.every((c) => c.n > MAX_SCORED_ROWS), rows: rows.map((row) => ({ episode: toStored(row), score: row.score })) };
  }

  /**
   * Each of the question's words with its rows, counted by FTS5 up to just past `MAX_SCORED_ROWS`
   * (reading its row list without scoring, so a word in half a million rows costs what one in
   * 2,001 does): all `capWords` and `rankingSteps` need.
   */
  private countWords(words: readonly string[]): CountedWord[] {
    if (words.length === 0) return [];
    this.countStmt ??= this.db.prepare('SELECT count(*) AS n FROM (SELECT rowid FROM episodes_terms WHERE episodes_terms MATCH ? LIMIT ?)');
    return words.map((word) => ({ word, n: (this.countStmt?.get(`"${word}"`, MAX_SCORED_ROWS + 1) as { n: number }).n }));
  }

  /**
   * Episodes with no vector of `model` (none yet, or one of another model), newest first from below
   * `beforeId`, at most `limit`. With `dim` (the dimension of the question's vector), a vector of
   * `model` of another dimension counts as none: the same name now serves another model (a tag
   * pulled again), whose vectors the old ones cannot be compared with. SQLite reads a BLOB's length
   * from the record header, so the check costs no read of the vector itself.
   */
  unembedded(model: string, dim: number | null, limit: number, beforeId = Number.MAX_SAFE_INTEGER): { readonly id: number; readonly content: string }[] {
    return this.db
      .prepare('SELECT e.id, e.content FROM episodes e LEFT JOIN episode_vectors v ON v.id = e.id AND v.model = @model AND (@bytes IS NULL OR length(v.vec) = @bytes) WHERE v.id IS NULL AND e.id < @before ORDER BY e.id DESC LIMIT @limit')
      .all({ model, bytes: dim === null ? null : vectorByteLength(dim), before: beforeId, limit }) as { id: number; content: string }[];
  }

  /** Stores each episode's vector of `model`, replacing a vector of another model (one vector per episode). */
  putVectors(model: string, rows: readonly { readonly id: number; readonly vec: Float32Array }[]): void {
    const put = this.db.prepare('INSERT OR REPLACE INTO episode_vectors (id, model, vec) SELECT id, ?, ? FROM episodes WHERE id = ?');
    this.db.transaction(() => {
      for (const r of rows) put.run(model, vectorBytes(r.vec), r.id);
    }).immediate();
  }

  /**
   * The episodes whose `model` vectors are closest to `query` (cosine), best first: a full scan of
   * the project's vectors of the query's dimension (one of another dimension is never compared).
   */
  nearest(model: string, query: Float32Array, options: MatchOptions): ScoredEpisode[] {
    if (options.limit <= 0) return [];
    const since = options.sinceMs === undefined ? 0 : keyAtMs(options.sinceMs);
    const rows = this.db.prepare('SELECT id, vec FROM episode_vectors WHERE model = ? AND id >= ? AND length(vec) = ?').iterate(model, since, vectorByteLength(query.length)) as Iterable<{ id: number; vec: Buffer }>;
    const best = nearestVectors(query, (function* () {
      for (const r of rows) yield [r.id, bytesVector(r.vec)] as const;
    })(), options.limit);
    const get = this.db.prepare(`SELECT ${COLUMNS} FROM episodes e WHERE e.id = ?`);
    return best.flatMap(({ item, score }) => {
      const row = get.get(item) as EpisodeRow | undefined;
      return row === undefined ? [] : [{ episode: toStored(row), score }];
    });
  }

  /** How many episodes have a vector of each model, and how many are indexed (`engram memory stats`). */
  vectorCounts(): { readonly episodes: number; readonly byModel: Readonly<Record<string, number>> } {
    const rows = this.db.prepare('SELECT model, count(*) AS n FROM episode_vectors GROUP BY model ORDER BY model').all() as { model: string; n: number }[];
    return { episodes: this.count(), byModel: Object.fromEntries(rows.map((r) => [r.model, r.n])) };
  }

  /** Every indexed episode of one turn of one file, in file order. */
  turn(file: string, session: string, turn: number): StoredEpisode[] {
    this.turnStmt ??= this.db.prepare(`SELECT ${COLUMNS} FROM episodes e WHERE e.file = ? AND e.session = ? AND e.turn = ? ORDER BY e.line`);
    return (this.turnStmt.all(file, session, turn) as EpisodeRow[]).map(toStored);
  }

  /** Every unreadable line known to the index, by file and line. */
  problems(): EpisodeProblem[] {
    return this.db.prepare('SELECT file, line, reason FROM problems ORDER BY file, line').all() as EpisodeProblem[];
  }

  /** The number of indexed episodes (memory roles are not indexed). */
  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM episodes').get() as { n: number }).n;
  }

  private open(): Database.Database {
    // Created (or chmod-ed) 0600 before SQLite opens it: SQLite gives its -wal and -shm files the
    // database file's mode, so the whole index is private to the user, and a linked index is refused.
    const root = rootForDir(dirname(this.indexFile));
    makePrivateFile(root, this.indexFile);
    for (const suffix of ['-wal', '-shm', '-journal']) if (existsSync(`${this.indexFile}${suffix}`)) makePrivateFile(root, `${this.indexFile}${suffix}`);
    try {
      return this.prepare(openSqlite(this.indexFile));
    } catch (err) {
      if (!isCorruption(err)) throw err;
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${this.indexFile}${suffix}`, { force: true });
      this.pending.push({ file: this.indexFile, line: 0, reason: `the index was unreadable (${(err as Error).message}) and was rebuilt from the episode files` });
      makePrivateFile(root, this.indexFile);
      return this.prepare(openSqlite(this.indexFile));
    }
  }

  private prepare(db: Database.Database): Database.Database {
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma(`cache_size = -${CACHE_KIB}`);
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version !== SCHEMA_VERSION) {
        db.exec(DROP);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      }
      db.exec(SCHEMA);
      db.function('engram_scan_match', { deterministic: false }, (content: unknown) => (typeof content === 'string' && this.scanMatch(content) ? 1 : 0));
      return db;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Removes a file's episodes and problems from the index. */
  private forget(name: string): void {
    this.db.prepare('DELETE FROM episodes WHERE file = ?').run(name);
    this.db.prepare('DELETE FROM problems WHERE file = ?').run(name);
    this.db.prepare('DELETE FROM files WHERE name = ?').run(name);
  }

  /**
   * Indexes what `name` holds past its recorded offset, inside the caller's IMMEDIATE
   * transaction (so two processes never index the same bytes twice). Returns the episodes
   * added, or null when another process had already caught up.
   */
  private catchUp(name: string, path: string, problems: EpisodeProblem[]): number | null {
    let fd: number;
    try {
      fd = openSync(path, O.RDONLY | O.NOFOLLOW);
    } catch {
      return null;
    }
    try {
      const st = fstatSync(fd);
      let row = this.db.prepare('SELECT name, ino, mtime, offset, lines, tail FROM files WHERE name = ?').get(name) as FileRow | undefined;
      if (row !== undefined && unchanged(row, st)) return null;
      // Replaced, cut, or rewritten in place (same size, new mtime; or the bytes before the offset changed): read it again whole.
      if (row !== undefined && (row.ino !== st.ino || st.size <= row.offset || !this.tailMatches(fd, row))) {
        this.forget(name);
        row = undefined;
      }
      let offset = row?.offset ?? 0;
      let line = row?.lines ?? 0;
      const fallbackMs = sessionFileTime(name) ?? 0;
      const insert = this.db.prepare('INSERT OR IGNORE INTO episodes (id, file, line, ts, session, turn, role, content, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
      // The trigram index is written here, not by an AFTER INSERT trigger: FTS5 flushes its pending
      // terms at every statement savepoint a trigger opens, which made a catch-up four times slower.
      const literal = this.db.prepare('INSERT INTO episodes_fts (rowid, content) VALUES (?, ?)');
      const terms = this.db.prepare('INSERT INTO episodes_terms (rowid, body, who, tags, day) VALUES (?, ?, ?, ?, ?)');
      const report = this.db.prepare('INSERT OR REPLACE INTO problems (file, line, reason) VALUES (?, ?, ?)');
      let added = 0;
      let pending = Buffer.alloc(0);
      let position = offset;
      const chunk = Buffer.alloc(READ_CHUNK);
      while (position < st.size) {
        const n = readSync(fd, chunk, 0, Math.min(READ_CHUNK, st.size - position), position);
        if (n <= 0) break;
        position += n;
        const data = pending.length === 0 ? chunk.subarray(0, n) : Buffer.concat([pending, chunk.subarray(0, n)]);
        let start = 0;
        for (let nl = data.indexOf(0x0a, start); nl !== -1; nl = data.indexOf(0x0a, start)) {
          line++;
          const parsed = parseEpisodeLine(data.toString('utf8', start, nl));
          start = nl + 1;
          if (parsed.kind === 'bad') {
            const problem = { file: name, line, reason: parsed.reason };
            report.run(problem.file, problem.line, problem.reason);
            problems.push(problem);
            continue;
          }
          if (parsed.kind === 'blank' || MEMORY_ROLES.has(parsed.episode.role)) continue;
          const ep = parsed.episode;
          let key = episodeKey(parseEpisodeTs(ep.ts) ?? fallbackMs, line);
          // Two records of one millisecond whose lines share a slot: take the next free key.
          while (insert.run(key, name, line, ep.ts, ep.session, ep.turn, ep.role, ep.content, JSON.stringify(ep.meta)).changes === 0) key++;
          literal.run(key, ep.content);
          const f = episodeFields(ep);
          terms.run(key, f.body, f.who, f.tags, f.day);
          added++;
        }
        offset += start;
        pending = Buffer.from(data.subarray(start));
      }
      // A partial last line (a writer mid-append) stays unread until it is complete.
      const tailStart = Math.max(0, offset - TAIL_CHECK_BYTES);
      const tail = Buffer.alloc(offset - tailStart);
      if (tail.length > 0) readSync(fd, tail, 0, tail.length, tailStart);
      this.db.prepare('INSERT OR REPLACE INTO files (name, ino, mtime, offset, lines, tail) VALUES (?, ?, ?, ?, ?, ?)').run(name, st.ino, st.mtimeMs, offset, line, tail);
      return added;
    } finally {
      closeSync(fd);
    }
  }

  /** Do the bytes just before the indexed offset still read as they did? */
  private tailMatches(fd: number, row: FileRow): boolean {
    if (row.tail.length === 0) return true;
    const now = Buffer.alloc(row.tail.length);
    const n = readSync(fd, now, 0, now.length, row.offset - row.tail.length);
    return n === now.length && now.equals(row.tail);
  }
}
