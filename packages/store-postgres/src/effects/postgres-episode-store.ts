import { bm25Tokens, bytesVector, nearestVectors, systemClock, textMentions, vectorByteLength, vectorBytes, type Clock, type Embedder, type SubjectMatcher } from '@engram/kernel';
import {
  checkSessionId,
  DEFAULT_MAX_RESULTS,
  DEFAULT_RECALL_BUDGET_CHARS,
  EMBED_BATCH,
  EMBED_PER_QUERY,
  episodeKey,
  episodeMatcher,
  formatRecall,
  keyAtMs,
  MEMORY_ROLES,
  parseEpisodeTs,
  prepareEpisode,
  rankedCandidates,
  recallEpisodes,
  searchEpisodes,
  sessionFileTime,
  type Episode,
  type EpisodeProblem,
  type EpisodeRanking,
  type EpisodeRecallOutcome,
  type EpisodeRecallRequest,
  type EpisodeRecord,
  type EpisodeSource,
  type EpisodeStore,
  type StoredEpisode,
} from '@engram/hippocampus/episodes';
import type { PoolClient } from 'pg';
import { columnText, foldForSearch, likePattern } from '../episode-search.js';
import { scopeKey } from '../scope-key.js';
import type { PostgresDb } from './open-postgres.js';
import { readOnlyTransaction } from './read-only-transaction.js';
import { withReconnect } from './with-reconnect.js';
import { subjectPattern } from '../subject-pattern.js';
import { ownTenant } from '../own-tenant.js';
import { rankedEpisodeRows } from './ranked-episode-rows.js';

export interface PostgresEpisodeStoreOptions {
  readonly db: PostgresDb;
  /** The project's stable id (`projectId` from @engram/fs): episodes belong to a project, as on disk. */
  readonly projectId: string;
  readonly clock?: Clock;
  /** Default: the kernel's secret scrubber. */
  readonly scrub?: (text: string) => string;
  /** Meaning beside words (off by default): records embedded after each append, questions ranked by both. */
  readonly embedder?: Embedder | null;
}

/**
 * The newest records recall looks at first, in key order, before it asks the trigram index: a
 * common term is found among them (as SQLite streams its index newest first) without sorting
 * every match; a rare one falls through to the index after one cheap look.
 */
const RECENT_WINDOW = 500;
/** Matches fetched per round trip when the index path pages (candidates the matcher refuses are skipped). */
const PAGE = 64;
/** Keys tried past a taken one (two records of one millisecond in one slot), as the SQLite index does. */
const MAX_KEY_PROBES = 1024;
const NOT_RECALLED = [...MEMORY_ROLES];
const DAY_MS = 86_400_000;
/** pg_trgm indexes 3-character grams: a shorter query cannot use the index. */
const MIN_TRIGRAM_QUERY = 3;
/** Literal recall of a term of a trigram or more: the trigram bitmap, not a walk of every key backwards for a rare term. */
const BITMAP_ONLY = { enable_seqscan: 'off', enable_indexscan: 'off' } as const;

interface SelectedRow {
  readonly key: string;
  readonly line: number;
  readonly record: Episode;
}

const INSERT_COLUMNS = 'project, session, line, key, turn, role, record, folded';
const SELECT_COLUMNS = 'e.key::text AS key, e.line, e.record';

const stored = (row: SelectedRow): StoredEpisode => {
  const { ts, session, turn, role, content, meta } = row.record;
  return { ts, session, turn, role, content, meta, file: `${session}.jsonl`, line: row.line, key: Number(row.key) };
};

/**
 * A project's episodes in PostgreSQL, with the file backend's answers: the same records (scrubbed
 * and cut by `prepareEpisode`, kept as the JSONL line), keys (`episodeKey`) and recall
 * (`recallEpisodes` over the matches and their turns, `formatRecall`). Matching runs on the server
 * through pg_trgm over engram's case-folded copy of the content, re-checked with Anton's matcher.
 * Tenancy is the table's row-level security: no query here names a tenant.
 */
export class PostgresEpisodeStore implements EpisodeStore {
  readonly location: string;
  readonly projectId: string;
  private readonly db: PostgresDb;
  private readonly clock: Clock;
  private readonly scrub: ((text: string) => string) | undefined;
  readonly embedder: Embedder | null;
  /** Appends the embedder failed to embed: said by the next search (the records themselves are stored). */
  private unembedded: EpisodeProblem[] = [];

  constructor(options: PostgresEpisodeStoreOptions) {
    scopeKey('project', options.projectId);
    this.db = options.db;
    this.projectId = options.projectId;
    this.clock = options.clock ?? systemClock;
    this.scrub = options.scrub;
    this.embedder = options.embedder ?? null;
    this.location = `postgres:${options.db.tenant}/episodes/project:${options.projectId}`;
  }

  async append(records: readonly EpisodeRecord[]): Promise<number> {
    for (const r of records) checkSessionId(r.session);
    if (records.length === 0) return 0;
    const bySession = new Map<string, Episode[]>();
    for (const { multimodal, ...episode } of records) {
      const prepared = prepareEpisode(episode, { multimodal: multimodal ?? false, ...(this.scrub === undefined ? {} : { scrub: this.scrub }) });
      const list = bySession.get(episode.session) ?? [];
      list.push(prepared);
      bySession.set(episode.session, list);
    }
    // Not retried after a lost connection: a commit whose answer was lost would store the records twice.
    const c = await this.db.pool.connect();
    try {
      await c.query('BEGIN');
      // Every session's lock before any insert, in one order: an insert then holds ranked recall's
      // counts of the project (migration 19's trigger) until the commit, and an append that took
      // them while still waiting for a session another append holds would deadlock with it.
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended(current_setting('engram.tenant') || '/episodes/' || $1 || '/' || s, 0)) FROM unnest($2::text[]) AS s", [
        this.projectId,
        [...bySession.keys()].sort(),
      ]);
      for (const [session, episodes] of bySession) await this.appendSession(c, session, episodes);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
    // Committed: an embedder that fails now never undoes the write; the next search says so and embeds them.
    if (this.embedder !== null)
      await this.embedUnembedded(this.embedder, Number.MAX_SAFE_INTEGER).catch((err: unknown) => {
        this.unembedded.push({ file: this.embedder?.location ?? '', line: 0, reason: `${records.length} episode(s) stored without a vector (${(err as Error).message}); embedded at a later recall` });
      });
    return records.length;
  }

  /**
   * Embeds up to `max` recalled records without a vector of the model, newest first, a batch per
   * round trip; returns how many. With `dim` (known at recall, from the question's vector), a vector
   * of the model but of another dimension counts as none (the name now serves another model) and is
   * replaced; `octet_length` of a bytea reads its stored size, not the vector.
   */
  private async embedUnembedded(embedder: Embedder, max: number, dim: number | null = null): Promise<number> {
    let done = 0;
    let before = '9223372036854775807';
    while (done < max) {
      const rows = (
        await this.db.pool.query<{ key: string; content: string }>(
          `SELECT e.key::text AS key, e.record->>'content' AS content FROM engram_episodes e
           LEFT JOIN engram_episode_vectors v ON ${ownTenant('v')} AND v.project = e.project AND v.key = e.key AND v.model = $2 AND ($6::int IS NULL OR octet_length(v.vec) = $6)
           WHERE ${ownTenant('e')} AND e.project = $1 AND v.key IS NULL AND e.key < $3 AND e.role <> ALL($4::text[]) ORDER BY e.key DESC LIMIT $5`,
          [this.projectId, embedder.model, before, NOT_RECALLED, Math.min(EMBED_BATCH, max - done), dim === null ? null : vectorByteLength(dim)],
        )
      ).rows;
      const last = rows.at(-1);
      if (last === undefined) break;
      before = last.key;
      const vecs = await embedder.embed(rows.map((r) => r.content ?? ''));
      await this.db.pool.query(
        `INSERT INTO engram_episode_vectors (project, key, model, vec) SELECT $1, k, $2, v FROM unnest($3::bigint[], $4::bytea[]) AS i(k, v)
         ON CONFLICT (tenant, project, key) DO UPDATE SET model = excluded.model, vec = excluded.vec`,
        [this.projectId, embedder.model, rows.map((r) => r.key), rows.map((_, i) => Buffer.from(vectorBytes(vecs[i] ?? new Float32Array())))],
      );
      done += rows.length;
    }
    return done;
  }

  /**
   * The recalled records nearest `query` by the embedder's vectors (a scan of the project's vectors
   * of that model and of the question's dimension), best first. The question is embedded first: its
   * dimension is the one the model serves now, and the backlog before the scan embeds to it.
   */
  private async nearest(embedder: Embedder, query: string, since: string, limit: number): Promise<{ readonly episode: StoredEpisode; readonly score: number }[]> {
    const [q] = await embedder.embed([query]);
    await this.embedUnembedded(embedder, EMBED_PER_QUERY, q?.length ?? null);
    if (q === undefined) return [];
    const vectors = await this.db.pool.query<{ key: string; vec: Buffer }>(
      `SELECT key::text AS key, vec FROM engram_episode_vectors WHERE ${ownTenant()} AND project = $1 AND model = $2 AND key >= $3 AND octet_length(vec) = $4`,
      [this.projectId, embedder.model, since, vectorByteLength(q.length)],
    );
    const best = nearestVectors(q, vectors.rows.map((r) => [r.key, bytesVector(r.vec)] as const), limit);
    if (best.length === 0) return [];
    const rows = await this.db.pool.query<SelectedRow>(`SELECT ${SELECT_COLUMNS} FROM engram_episodes e WHERE ${ownTenant('e')} AND e.project = $1 AND e.key = ANY($2::bigint[])`, [this.projectId, best.map((b) => b.item)]);
    const byKey = new Map(rows.rows.map((r) => [r.key, stored(r)]));
    return best.flatMap((b) => {
      const episode = byKey.get(b.item);
      return episode === undefined ? [] : [{ episode, score: b.score }];
    });
  }

  /** Which ranking answers `search`, and how many records have a vector of the embedder's model. */
  async ranking(): Promise<EpisodeRanking> {
    const embedder = this.embedder;
    if (embedder === null) return { kind: 'lexical' };
    const r = await this.db.pool.query<{ items: string; embedded: string }>(
      `SELECT (SELECT count(*) FROM engram_episodes WHERE ${ownTenant()} AND project = $1 AND role <> ALL($3::text[]))::text AS items,
              (SELECT count(*) FROM engram_episode_vectors WHERE ${ownTenant()} AND project = $1 AND model = $2)::text AS embedded`,
      [this.projectId, embedder.model, NOT_RECALLED],
    );
    return { kind: 'lexical+embeddings', model: embedder.model, embedded: Number(r.rows[0]?.embedded ?? 0), items: Number(r.rows[0]?.items ?? 0) };
  }

  /** One session's records as its next lines; the caller holds the session's lock (line numbers stay dense). */
  private async appendSession(c: PoolClient, session: string, episodes: readonly Episode[]): Promise<void> {
    // Ordered, not max(line): before the table's first ANALYZE, max was planned over the turn index, reading the whole session (as the event log's top seq was).
    const last = await c.query<{ n: number }>(`SELECT coalesce((SELECT line FROM engram_episodes WHERE ${ownTenant()} AND project = $1 AND session = $2 ORDER BY line DESC LIMIT 1), 0)::int AS n`, [this.projectId, session]);
    const first = (last.rows[0]?.n ?? 0) + 1;
    const fallbackMs = sessionFileTime(`${session}.jsonl`) ?? 0;
    const rows = episodes.map((e, i) => {
      const line = first + i;
      return { line, key: episodeKey(parseEpisodeTs(e.ts) ?? fallbackMs, line), e };
    });
    const done = await insertEpisodeRows(c, this.projectId, session, rows);
    // Two records of one millisecond whose lines share a slot: take the next free key.
    for (const r of rows) {
      if (done.has(r.line)) continue;
      let placed = false;
      for (let probe = 1; probe <= MAX_KEY_PROBES && !placed; probe++) {
        const one = await c.query(`INSERT INTO engram_episodes (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`, [
          this.projectId,
          session,
          r.line,
          String(r.key + probe),
          r.e.turn,
          columnText(r.e.role),
          JSON.stringify(r.e),
          foldForSearch(r.e.content),
        ]);
        placed = (one.rowCount ?? 0) > 0;
      }
      if (!placed) throw new Error(`${this.location}: no free key for ${session} line ${r.line} after ${MAX_KEY_PROBES} tries`);
    }
  }

  async recall(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    const nowMs = this.clock.now();
    const limit = request.maxResults ?? DEFAULT_MAX_RESULTS;
    if (query === '' || limit <= 0) return { ...recallEpisodes(emptySource, query, { ...request, nowMs }), problems: [] };
    const sinceMs = request.daysBack === undefined ? undefined : nowMs - request.daysBack * DAY_MS;
    const hits = await withReconnect(() => this.matches(query, sinceMs === undefined ? 0 : keyAtMs(sinceMs), limit));
    const turns = await withReconnect(() => this.turns(hits));
    const source: EpisodeSource = {
      matches: () => hits,
      turn: (_file, session, turn) => turns.get(`${session}\u0000${turn}`) ?? [],
    };
    return { ...recallEpisodes(source, query, { ...request, nowMs }), problems: [] };
  }

  /**
   * Ranked recall (`searchEpisodes`): the candidates by PostgreSQL full-text search
   * (`rankedEpisodeRows`: at most `MAX_SCORED_ROWS` rows scored, keys and scores only), with the
   * embedder's nearest when there is one; then the candidates' records and their turns (and the
   * turns before and after them) in one statement.
   */
  async search(query: string, request: EpisodeRecallRequest = {}): Promise<EpisodeRecallOutcome> {
    const maxResults = request.maxResults ?? DEFAULT_MAX_RESULTS;
    const words = [...new Set(bm25Tokens(query))];
    const told = this.unembedded;
    this.unembedded = [];
    if ((words.length === 0 && this.embedder === null) || maxResults <= 0) return { query, hits: 0, groups: [], problems: told };
    const since = String(request.daysBack === undefined ? 0 : keyAtMs(this.clock.now() - request.daysBack * DAY_MS));
    const ranked = words.length === 0 ? [] : await withReconnect(() => rankedEpisodeRows(this.db, this.projectId, words, since, rankedCandidates(maxResults)));
    const problems = [...told];
    let meaning: { readonly episode: StoredEpisode; readonly score: number }[] = [];
    if (this.embedder !== null) {
      const embedder = this.embedder;
      try {
        meaning = await withReconnect(() => this.nearest(embedder, query, since, rankedCandidates(maxResults)));
      } catch (err) {
        problems.push({ file: embedder.location, line: 0, reason: `embedder failed, ranked by words only: ${(err as Error).message}` });
      }
    }
    const around = await withReconnect(() => this.turnsAround(ranked.map((r) => r.key), meaning.map((m) => m.episode)));
    // A candidate forgotten since it was ranked is dropped with its record.
    const candidates = ranked.flatMap((r) => {
      const episode = around.byKey.get(r.key);
      return episode === undefined ? [] : [{ episode, score: r.score }];
    });
    return { ...searchEpisodes(candidates, (_file, session, turn) => around.turns.get(`${session}\u0000${turn}`) ?? [], query, maxResults, meaning), problems };
  }

  async recallFormatted(query: string, request: EpisodeRecallRequest & { readonly budgetChars?: number } = {}): Promise<string> {
    return formatRecall(await this.recall(query, request), request.budgetChars ?? DEFAULT_RECALL_BUDGET_CHARS);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * The project's records whose stored line holds the subject (as the file backend drops a JSONL
   * line that does, as written or in a decoded string), removed in one statement when `apply`.
   * The server narrows with `subjectPattern`, then the kernel decides, so the preview and the
   * removal count what the files would.
   */
  async forget(matcher: SubjectMatcher, apply: boolean): Promise<readonly string[]> {
    const pattern = subjectPattern(matcher);
    const rows = await withReconnect(
      async () =>
        (await this.db.pool.query<{ key: string; session: string; line: number; text: string }>(`SELECT key::text AS key, session, line, record::text AS text FROM engram_episodes WHERE ${ownTenant()} AND project = $1 AND record::text ~ $2 ORDER BY key`, [this.projectId, pattern])).rows,
    );
    const hits = rows.filter((r) => textMentions(matcher, r.text));
    if (apply && hits.length > 0) {
      // The table's triggers take the records' words off ranked recall's counts (migration 19).
      await this.db.pool.query(`DELETE FROM engram_episodes WHERE ${ownTenant()} AND project = $1 AND key = ANY($2::bigint[])`, [this.projectId, hits.map((h) => h.key)]);
    }
    return hits.map((h) => `${h.session}#${h.line}`);
  }

  /** The newest `limit` records matching `query` at or after key `since`, newest first. */
  private async matches(query: string, since: number, limit: number): Promise<StoredEpisode[]> {
    const match = episodeMatcher(query);
    const pattern = likePattern(query);
    const out: StoredEpisode[] = [];
    const take = (rows: readonly SelectedRow[]): boolean => {
      for (const row of rows) {
        if (!match(row.record.content)) continue;
        out.push(stored(row));
        if (out.length >= limit) return true;
      }
      return false;
    };
    // 1. The newest records, in key order: one index range, no sort of every match.
    const recent = await this.db.pool.query<SelectedRow & { n: number; lo: string | null }>(
      `WITH w AS MATERIALIZED (SELECT key, role, folded FROM engram_episodes WHERE ${ownTenant()} AND project = $1 AND key >= $2 ORDER BY key DESC LIMIT $3)
       SELECT s.n, s.lo, m.* FROM (SELECT count(*)::int AS n, min(key)::text AS lo FROM w) AS s
       LEFT JOIN LATERAL (SELECT x.key::text AS key, x.line, x.record FROM w JOIN engram_episodes x ON ${ownTenant('x')} AND x.project = $1 AND x.key = w.key
                          WHERE w.role <> ALL($4::text[]) AND w.folded LIKE $5 ORDER BY w.key DESC) AS m ON true`,
      [this.projectId, String(since), RECENT_WINDOW, NOT_RECALLED, pattern],
    );
    const head = recent.rows[0];
    if (take(recent.rows.filter((r) => r.key !== null)) || head === undefined || head.n < RECENT_WINDOW || head.lo === null) return out;
    // 2. Older records through the trigram index, newest first, a page at a time (see `searchPage`).
    let before = head.lo;
    for (;;) {
      const size = Math.max(PAGE, limit - out.length);
      const page = await this.searchPage(pattern, [...query].length >= MIN_TRIGRAM_QUERY, since, before, size);
      if (take(page)) return out;
      const last = page.at(-1);
      if (last === undefined || page.length < size) return out;
      before = last.key;
    }
  }

  /**
   * Matching records with keys in [since, before), newest first. The pattern goes in the
   * transaction's `engram.episode_match`, read by the table's restrictive policy: a policy's
   * condition may use the trigram index under row-level security, a WHERE condition may not (LIKE
   * is not leakproof). Bitmap scans only, so the planner takes the trigram index rather than
   * walking every key backwards for a rare term (a query shorter than a trigram walks the keys).
   */
  private async searchPage(pattern: string, indexed: boolean, since: number, before: string, size: number): Promise<SelectedRow[]> {
    // A shorter query has no trigram to look up: it walks the keys newest first instead.
    const settings = { 'engram.episode_match': pattern, ...(indexed ? BITMAP_ONLY : {}) };
    return readOnlyTransaction(this.db, settings, async (c) =>
      (
        await c.query<SelectedRow>(
          `SELECT ${SELECT_COLUMNS} FROM engram_episodes e WHERE ${ownTenant('e')} AND e.project = $1 AND e.key >= $2 AND e.key < $3 AND e.role <> ALL($4::text[]) ORDER BY e.key DESC LIMIT $5`,
          [this.projectId, String(since), before, NOT_RECALLED, size],
        )
      ).rows,
    );
  }

  /** Every recalled record of the hits' turns, and of the turn after a hit user message, by session and turn. */
  private async turns(hits: readonly StoredEpisode[]): Promise<Map<string, StoredEpisode[]>> {
    const wanted = new Map<string, { session: string; turn: number }>();
    for (const h of hits) {
      wanted.set(`${h.session}\u0000${h.turn}`, { session: h.session, turn: h.turn });
      if (h.role === 'user') wanted.set(`${h.session}\u0000${h.turn + 1}`, { session: h.session, turn: h.turn + 1 });
    }
    if (wanted.size === 0) return new Map();
    const pairs = [...wanted.values()];
    const r = await this.db.pool.query<SelectedRow>(
      `SELECT ${SELECT_COLUMNS} FROM engram_episodes e JOIN unnest($2::text[], $3::int[]) AS w(session, turn) ON e.session = w.session AND e.turn = w.turn
       WHERE ${ownTenant('e')} AND e.project = $1 AND e.role <> ALL($4::text[]) ORDER BY e.session, e.turn, e.line`,
      [this.projectId, pairs.map((p) => p.session), pairs.map((p) => p.turn), NOT_RECALLED],
    );
    return byTurn(r.rows.map(stored));
  }

  /**
   * Ranked recall's records: every recalled record of the turns of the records with `keys` and of
   * `episodes`, and of the turns just before and after them (ranked recall's neighbours, and the
   * turn shown after a hit), by key and by session and turn (a key's own record is
   * among them: ranking reads recalled records only).
   */
  private async turnsAround(keys: readonly string[], episodes: readonly StoredEpisode[]): Promise<{ readonly byKey: Map<string, StoredEpisode>; readonly turns: Map<string, StoredEpisode[]> }> {
    if (keys.length === 0 && episodes.length === 0) return { byKey: new Map(), turns: new Map() };
    const r = await this.db.pool.query<SelectedRow>(
      `WITH h AS (SELECT e.session, e.turn FROM engram_episodes e WHERE ${ownTenant('e')} AND e.project = $1 AND e.key = ANY($2::bigint[])
                  UNION SELECT * FROM unnest($3::text[], $4::int[])),
            w AS (SELECT DISTINCT h.session, v.turn FROM h CROSS JOIN LATERAL (VALUES (h.turn - 1), (h.turn), (h.turn + 1)) AS v(turn))
       SELECT ${SELECT_COLUMNS} FROM engram_episodes e JOIN w ON e.session = w.session AND e.turn = w.turn
       WHERE ${ownTenant('e')} AND e.project = $1 AND e.role <> ALL($5::text[]) ORDER BY e.session, e.turn, e.line`,
      [this.projectId, keys, episodes.map((e) => e.session), episodes.map((e) => e.turn), NOT_RECALLED],
    );
    const all = r.rows.map(stored);
    return { byKey: new Map(all.map((e) => [String(e.key), e])), turns: byTurn(all) };
  }
}

/** Records grouped by session and turn, in the order given. */
const byTurn = (records: readonly StoredEpisode[]): Map<string, StoredEpisode[]> => {
  const out = new Map<string, StoredEpisode[]>();
  for (const e of records) {
    const k = `${e.session}\u0000${e.turn}`;
    const list = out.get(k) ?? [];
    list.push(e);
    out.set(k, list);
  }
  return out;
};

/** A record placed in its session: its line and time key (`episodeKey`). */
export interface EpisodeRow {
  readonly line: number;
  readonly key: number;
  readonly e: Episode;
}

/**
 * Inserts placed records of one session in one statement; returns the lines stored (a line whose
 * key was taken is left out, for the caller to place). Records must already be prepared
 * (`prepareEpisode`): this is the one place the table's row format is written, shared by appends
 * and the bulk load of `engram bench postgres`.
 */
export const insertEpisodeRows = async (c: Pick<PoolClient, 'query'>, projectId: string, session: string, rows: readonly EpisodeRow[]): Promise<Set<number>> => {
  const inserted = await c.query<{ line: number }>(
    `INSERT INTO engram_episodes (${INSERT_COLUMNS})
     SELECT $1, $2, * FROM unnest($3::int[], $4::bigint[], $5::int[], $6::text[], $7::json[], $8::text[]) ON CONFLICT DO NOTHING RETURNING line`,
    [
      projectId,
      session,
      rows.map((r) => r.line),
      rows.map((r) => String(r.key)),
      rows.map((r) => r.e.turn),
      rows.map((r) => columnText(r.e.role)),
      rows.map((r) => JSON.stringify(r.e)),
      rows.map((r) => foldForSearch(r.e.content)),
    ],
  );
  return new Set(inserted.rows.map((r) => r.line));
};

const emptySource: EpisodeSource = { matches: () => [], turn: () => [] };
