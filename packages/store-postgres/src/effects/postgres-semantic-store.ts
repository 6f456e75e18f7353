import { systemClock, type Clock, type EncodeRequest, type EncodeResult, type EngramScope, type MemoryEntry, type MutationResult, type RecallRequest, type RecallResult, type SemanticSnapshot, type SemanticStore } from '@engram/kernel';
import {
  appendEntries,
  cleanEntryText,
  createDocument,
  derivedEntryId,
  documentEntries,
  isoUtc,
  mergeIdentity,
  recallSection,
  semanticEntry,
  type MemoryFileKind,
} from '@engram/hippocampus/semantic';
import type { PoolClient } from 'pg';
import { changeChannel } from '../change-channel.js';
import { fullState, mergeChanges, type PlacedRow, type ScopeState } from '../memory-snapshot.js';
import { memoryPayload, scopeKey } from '../scope-key.js';
import { memoryWakeups, type MemoryWakeups } from './memory-wakeups.js';
import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

export interface PostgresSemanticStoreOptions {
  readonly db: PostgresDb;
  readonly scope: EngramScope;
  /** For the project scope: the project's stable id (`projectId` from @engram/fs). */
  readonly projectId?: string | null;
  readonly clock?: Clock;
}

/** Whole-transaction retries after a deadlock (two batches inserting the same texts in opposite orders) or a lost race on a unique key. */
const TX_ATTEMPTS = 5;
/** Salts tried when a new entry's id is already taken by another text (a hash collision, or the same text re-added within one millisecond of its delete). */
const MAX_ID_SALT = 8;
const RETRYABLE = new Set(['40P01', '40001', '23505']);

const COLUMNS = 'id, file, kind, section, text, confidence, topic, source, updated_at, trust';
const INSERT = `INSERT INTO engram_memory (scope_key, id, file, kind, section, text, dedupe_key, confidence, topic, source, updated_at, trust)
  VALUES ($1, $2, $3, $4, $5, $6, sha256(convert_to($6, 'UTF8')), $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`;
const BY_TEXT = `SELECT ${COLUMNS} FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND file = $2 AND dedupe_key = sha256(convert_to($3, 'UTF8'))`;

/** A row of a read: the statement's xmin and the scope's removals on every row, the entry columns null when the scope is empty. */
type ReadRow = Row & { readonly xmin: string; readonly removals: string; readonly pos: string };

/** The statement's snapshot xmin and the scope's removal counter, read in the same snapshot as the rows beside them. */
const HEAD = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, coalesce((SELECT removals FROM engram_memory_removals WHERE ${ownTenant()} AND scope_key = $1), 0)::text AS removals`;

interface Row {
  readonly id: string;
  readonly file: MemoryFileKind;
  readonly kind: MemoryEntry['kind'];
  readonly section: string | null;
  readonly text: string;
  readonly confidence: MemoryEntry['confidence'];
  readonly topic: string | null;
  readonly source: MemoryEntry['source'];
  readonly updated_at: string | null;
  readonly trust: MemoryEntry['trust'] | null;
}

const fileFor = (kind: EncodeRequest['kind']): MemoryFileKind => (kind === 'lesson' ? 'lessons' : kind === 'profile' ? 'profile' : 'rules');

const codeOf = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;

/**
 * Semantic memory of one scope in PostgreSQL, with the file backend's answers: the same text
 * cleaning, dedupe (exact text per Anton file, enforced by a unique index so concurrent encoders
 * on any host never store a text twice), identity merge, ids and recall (the pure helpers of
 * @engram/hippocampus/semantic). Every write sends a `memory SCOPE` wake-up in its transaction;
 * reads are served from a snapshot kept until a wake-up (from any host) says the scope changed,
 * so the prompt path neither polls nor rebuilds on every call.
 */
export class PostgresSemanticStore implements SemanticStore {
  readonly scope: EngramScope;
  /** `global` or `project:ID`: the rows this store reads and writes. */
  readonly scopeKey: string;
  private readonly db: PostgresDb;
  private readonly clock: Clock;
  private readonly wakeups: MemoryWakeups;
  private readonly unsubscribe: () => void;
  /** Bumped by every wake-up: a snapshot read while it moved is not kept. */
  private generation = 0;
  private cached: { readonly generation: number; readonly snapshot: SemanticSnapshot } | null = null;
  /** What the last read saw (kept when a wake-up drops `cached`: the next read fetches only what changed since). */
  private state: ScopeState | null = null;
  private readonly changeListeners = new Set<() => void>();

  constructor(options: PostgresSemanticStoreOptions) {
    this.db = options.db;
    this.scope = options.scope;
    this.scopeKey = scopeKey(options.scope, options.projectId);
    this.clock = options.clock ?? systemClock;
    this.wakeups = memoryWakeups(options.db);
    this.unsubscribe = this.wakeups.subscribe(this.scopeKey, this.invalidate);
  }

  /**
   * Calls `f` each time the scope may have changed (a wake-up from any host, or this store's own
   * write), so a host can drop what it derived from the last snapshot. Returns the unsubscribe.
   */
  onChange(f: () => void): () => void {
    this.changeListeners.add(f);
    return () => this.changeListeners.delete(f);
  }

  /** Stops listening for this store (the pool stays open: its owner closes it). */
  close(): void {
    this.unsubscribe();
    this.invalidate();
  }

  async read(): Promise<SemanticSnapshot> {
    const memo = this.cached;
    if (memo !== null && memo.generation === this.generation && this.wakeups.live) return memo.snapshot;
    // The first read waits for LISTEN, so what it reads can be kept until the next wake-up.
    await this.wakeups.ensure();
    const generation = this.generation;
    const trusted = this.wakeups.live;
    const previous = this.state;
    const changed = previous === null ? null : await this.readChanges(previous);
    const state = changed ?? (await this.readAll());
    this.state = state;
    const snapshot = state.snapshot;
    if (trusted && this.wakeups.live && generation === this.generation) this.cached = { generation, snapshot };
    return snapshot;
  }

  /** Every row of the scope, with the snapshot's xmin (one statement: one snapshot). */
  private async readAll(): Promise<ScopeState> {
    const r = await withReconnect(() =>
      this.db.pool.query<ReadRow>(
        `SELECT s.xmin, s.removals, c.* FROM (${HEAD}) AS s
         LEFT JOIN LATERAL (SELECT ${COLUMNS}, pos FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1) AS c ON true ORDER BY c.pos`,
        [this.scopeKey],
      ),
    );
    return fullState(this.placed(r.rows), r.rows[0]?.xmin ?? '0', r.rows[0]?.removals ?? '0');
  }

  /** Only the rows written since `previous` was read (no count of the scope), or null when a full read is needed. */
  private async readChanges(previous: ScopeState): Promise<ScopeState | null> {
    const r = await withReconnect(() =>
      this.db.pool.query<ReadRow>(
        `SELECT s.xmin, s.removals, c.* FROM (${HEAD}) AS s
         LEFT JOIN LATERAL (SELECT ${COLUMNS}, pos FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND rev >= $2::xid8) AS c ON true`,
        [this.scopeKey, previous.xmin],
      ),
    );
    const first = r.rows[0];
    return first === undefined ? null : mergeChanges(previous, this.placed(r.rows), first.removals, first.xmin);
  }

  private placed(rows: readonly ReadRow[]): PlacedRow[] {
    const out: PlacedRow[] = [];
    for (const row of rows) if (row.id !== null) out.push({ file: row.file, pos: Number(row.pos), entry: this.entryOf(row) });
    return out;
  }

  async recall(request: RecallRequest): Promise<RecallResult> {
    return recallSection(await this.read(), request);
  }

  async encode(requests: readonly EncodeRequest[]): Promise<readonly EncodeResult[]> {
    const one = requests.length === 1 ? await withReconnect(() => this.encodeAlone(requests[0]!)) : null;
    if (one !== null) return [one];
    return withReconnect(() =>
      this.transaction(async (c) => {
        const at = isoUtc(this.clock.now());
        const results: EncodeResult[] = [];
        const facts: { index: number; text: string }[] = [];
        // Two batches inserting shared texts in different orders would wait on each other (a
        // deadlock the server breaks after a second): batches of a file take turns instead.
        const perFile = new Map<MemoryFileKind, number>();
        for (const r of requests) perFile.set(fileFor(r.kind), (perFile.get(fileFor(r.kind)) ?? 0) + 1);
        for (const [file, n] of perFile) if (n > 1 && file !== 'profile') await this.lockFile(c, file);
        for (const [index, request] of requests.entries()) {
          const file = fileFor(request.kind);
          const text = cleanEntryText(request.text);
          if (text === '') results[index] = { outcome: 'empty', entry: null, location: this.locationOf(file) };
          else if (file === 'profile') facts.push({ index, text });
          else results[index] = await this.encodeOne(c, file, request, text, request.at ?? at);
        }
        if (facts.length > 0) {
          const merged = await this.mergeFacts(
            c,
            facts.map((f) => f.text),
          );
          merged.forEach((r, k) => {
            const f = facts[k];
            if (f !== undefined) results[f.index] = { ...r, location: this.locationOf('profile') };
          });
        }
        return { value: results, changed: results.some((r) => r.outcome === 'added' || r.outcome === 'superseded') };
      }),
    );
  }

  update(id: string, text: string): Promise<MutationResult> {
    return this.transaction<MutationResult>(async (c) => {
      const found = await c.query<Row>(`SELECT ${COLUMNS} FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND id = $2 FOR UPDATE`, [this.scopeKey, id]);
      const row = found.rows[0];
      if (row === undefined) return { value: { outcome: 'not-found', entry: null }, changed: false };
      const clean = cleanEntryText(text);
      if (clean === '') return { value: { outcome: 'empty', entry: null }, changed: false };
      const current = this.entryOf(row);
      if (current.text === clean) return { value: { outcome: 'unchanged', entry: current }, changed: false };
      const other = (await c.query<Row>(BY_TEXT, [this.scopeKey, row.file, clean])).rows[0];
      if (other !== undefined && other.id !== id) return { value: { outcome: 'duplicate', entry: this.entryOf(other) }, changed: false };
      // As in profile.md, a fact has nowhere to keep an id, so its id follows its text.
      const entry: MemoryEntry =
        row.file === 'profile' ? { ...current, id: derivedEntryId(this.scope, 'profile', clean, 0), text: clean } : { ...current, text: clean, updatedAt: isoUtc(this.clock.now()) };
      await c.query(
        `UPDATE engram_memory SET id = $3, text = $4, dedupe_key = sha256(convert_to($4, 'UTF8')), updated_at = $5, rev = pg_current_xact_id(), changed_at = now() WHERE ${ownTenant()} AND scope_key = $1 AND id = $2`,
        [this.scopeKey, id, entry.id, entry.text, entry.updatedAt],
      );
      return { value: { outcome: 'updated', entry }, changed: true };
    });
  }

  remove(id: string): Promise<MutationResult> {
    return this.transaction<MutationResult>(async (c) => {
      const r = await c.query<Row>(`DELETE FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND id = $2 RETURNING ${COLUMNS}`, [this.scopeKey, id]);
      const row = r.rows[0];
      return row === undefined ? { value: { outcome: 'not-found', entry: null }, changed: false } : { value: { outcome: 'removed', entry: this.entryOf(row) }, changed: true };
    });
  }

  async clear(): Promise<void> {
    await this.transaction(async (c) => {
      const r = await c.query(`DELETE FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1`, [this.scopeKey]);
      return { value: undefined, changed: (r.rowCount ?? 0) > 0 };
    });
  }

  private readonly invalidate = (): void => {
    this.generation++;
    this.cached = null;
    for (const f of this.changeListeners) f();
  };

  private locationOf(file: MemoryFileKind): string {
    return `postgres:${this.db.tenant}/${this.scopeKey}/${file}`;
  }

  private entryOf(row: Row): MemoryEntry {
    return {
      id: row.id,
      text: row.text,
      kind: row.kind,
      scope: this.scope,
      confidence: row.confidence,
      topic: row.topic,
      source: row.source,
      section: row.section,
      updatedAt: row.updated_at,
      ...(row.trust == null ? {} : { trust: row.trust }),
    };
  }

  /**
   * The common case, one rule or lesson, in one statement (its own transaction): insert unless
   * the text is there, with the wake-up in the same statement. Null when the transaction path
   * must decide (a fact, empty text, or an id taken by another text).
   */
  private async encodeAlone(request: EncodeRequest): Promise<EncodeResult | null> {
    const file = fileFor(request.kind);
    const text = cleanEntryText(request.text);
    if (file === 'profile' || text === '') return null;
    // An import keeps the entry's own time (`at`); everything else is stamped now.
    const entry = semanticEntry(this.scope, request, text, request.at ?? isoUtc(this.clock.now()));
    // The stored row, when its text was committed before this statement began (else a second look finds it).
    const r = await this.db.pool.query<Row & { added: number }>(
      `WITH ins AS (${INSERT} RETURNING 1), woke AS (SELECT pg_notify($12, $13) FROM ins)
       SELECT (SELECT count(*) FROM woke)::int AS added, e.* FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND file = $3 AND dedupe_key = sha256(convert_to($6, 'UTF8'))) AS e ON true`,
      [this.scopeKey, entry.id, file, entry.kind, entry.section, entry.text, entry.confidence, entry.topic, entry.source, entry.updatedAt, entry.trust ?? null, changeChannel(this.db.tenant), memoryPayload(this.scopeKey)],
    );
    const location = this.locationOf(file);
    const row = r.rows[0];
    if ((row?.added ?? 0) > 0) {
      this.invalidate();
      return { outcome: 'added', entry, location };
    }
    const existing = row?.id != null ? row : (await this.db.pool.query<Row>(BY_TEXT, [this.scopeKey, file, text])).rows[0];
    return existing === undefined ? null : { outcome: 'duplicate', entry: this.entryOf(existing), location };
  }

  /** A rule or lesson: inserted unless its text is there (then the stored entry is the answer). */
  private async encodeOne(c: PoolClient, file: MemoryFileKind, request: EncodeRequest, text: string, at: string): Promise<EncodeResult> {
    const location = this.locationOf(file);
    for (let salt = 0; salt <= MAX_ID_SALT; salt++) {
      const entry = semanticEntry(this.scope, request, text, at, salt);
      const inserted = await c.query(INSERT, [this.scopeKey, entry.id, file, entry.kind, entry.section, entry.text, entry.confidence, entry.topic, entry.source, entry.updatedAt, entry.trust ?? null]);
      if ((inserted.rowCount ?? 0) > 0) return { outcome: 'added', entry, location };
      const existing = (await c.query<Row>(BY_TEXT, [this.scopeKey, file, text])).rows[0];
      if (existing !== undefined) return { outcome: 'duplicate', entry: this.entryOf(existing), location };
    }
    throw new Error(`no free id for a new entry in ${location} after ${MAX_ID_SALT + 1} tries`);
  }

  /**
   * Identity facts merge exactly as profile.md does (mergeIdentity over the scope's facts), under
   * a lock per scope's profile so two hosts never both keep a fact the other superseded; the rows
   * then follow the merged document: facts it dropped are deleted, new ones appended.
   */
  private async mergeFacts(c: PoolClient, facts: readonly string[]): Promise<{ outcome: 'added' | 'duplicate' | 'superseded'; entry: MemoryEntry }[]> {
    await this.lockFile(c, 'profile');
    const rows = await c.query<Row>(`SELECT ${COLUMNS} FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND file = 'profile' ORDER BY pos`, [this.scopeKey]);
    const stored = rows.rows.map((r) => this.entryOf(r));
    const doc = appendEntries(
      createDocument('profile', this.scope),
      stored.map((entry) => ({ entry, comment: null })),
    ).doc;
    const merged = mergeIdentity(doc, facts);
    const kept = new Set(documentEntries(merged.doc).map((e) => e.id));
    const had = new Set(stored.map((e) => e.id));
    const gone = stored.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (gone.length > 0) await c.query(`DELETE FROM engram_memory WHERE ${ownTenant()} AND scope_key = $1 AND file = 'profile' AND id = ANY($2::text[])`, [this.scopeKey, gone]);
    for (const e of documentEntries(merged.doc)) {
      if (had.has(e.id)) continue;
      await c.query(INSERT, [this.scopeKey, e.id, 'profile', e.kind, e.section, e.text, e.confidence, e.topic, e.source, e.updatedAt, e.trust ?? null]);
    }
    return merged.results;
  }

  /** Holds the scope's file until the transaction ends (advisory: only writers that ask wait). */
  private async lockFile(c: PoolClient, file: MemoryFileKind): Promise<void> {
    await c.query("SELECT pg_advisory_xact_lock(hashtextextended(current_setting('engram.tenant') || '/memory/' || $1 || '/' || $2, 0))", [this.scopeKey, file]);
  }

  /**
   * One transaction; a changed scope sends its wake-up before COMMIT, so it is delivered to other
   * hosts only once the rows are visible. Retried whole after a deadlock or a lost unique race.
   */
  private async transaction<A>(f: (c: PoolClient) => Promise<{ value: A; changed: boolean }>): Promise<A> {
    for (let attempt = 1; ; attempt++) {
      const c = await this.db.pool.connect();
      try {
        await c.query('BEGIN');
        const { value, changed } = await f(c);
        if (changed) await c.query('SELECT pg_notify($1, $2)', [changeChannel(this.db.tenant), memoryPayload(this.scopeKey)]);
        await c.query('COMMIT');
        // This process knows at once; other processes learn from the wake-up.
        if (changed) this.invalidate();
        return value;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        if (attempt >= TX_ATTEMPTS || !RETRYABLE.has(codeOf(err) ?? '')) throw err;
      } finally {
        c.release();
      }
    }
  }
}
