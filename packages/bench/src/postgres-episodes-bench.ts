import { episodeKey, isoWithOffset } from '@engram/hippocampus/episodes';
import { insertEpisodeRows, PostgresEpisodeStore, type PostgresDb } from '@engram/store-postgres';
import { percentile, round, type BenchResult } from './bench-report.js';

/** Issue 15's size: episodic recall over 1,000,000 episodes (the same corpus shape as `engram bench episodes`). */
const EPISODES = 1_000_000;
/** Episodes per session: a long session, and one multi-row INSERT per session in the bulk load. */
const PER_SESSION = 1000;
/** Recalls timed per query, after one warm-up. */
const RUNS = 100;
const COMMON_EVERY = 10;
const RARE_COUNT = 10;
const SECOND = 1000;
const T0 = Date.parse('2025-01-01T00:00:00Z');
const PROJECT = 'bench-episodes-0001';
const WORDS = ['load', 'the', 'file', 'rows', 'column', 'revenue', 'region', 'plot', 'chart', 'error', 'retry', 'query', 'table', 'join', 'filter', 'group', 'mean', 'sum', 'cell', 'output'];
const ROLES = ['user', 'tool_call', 'tool_result', 'assistant'] as const;

/** Deterministic filler text of about 80 characters (as the episodes bench), so runs compare. */
const filler = (i: number): string => {
  let s = '';
  for (let x = (i * 2654435761) >>> 0; s.length < 72; x = (x * 1103515245 + 12345) >>> 0) s += `${WORDS[x % WORDS.length] ?? ''} `;
  return `${s}#${i}`;
};

const latency = async (name: string, fn: () => Promise<unknown>, extra: Record<string, unknown>): Promise<BenchResult> => {
  await fn();
  const times: number[] = [];
  const start = process.hrtime.bigint();
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  times.sort((a, b) => a - b);
  return { name, n: RUNS, seconds: round(seconds, 4), perSecond: Math.round(RUNS / seconds), p50Ms: round(percentile(times, 0.5), 3), p95Ms: round(percentile(times, 0.95), 3), maxMs: round(times.at(-1) ?? 0, 3), ...extra };
};

/**
 * Episodic recall on PostgreSQL at issue 15's size: the corpus is bulk-loaded in the store's own
 * row format (one multi-row INSERT per session of PER_SESSION records, bounded), then recall
 * (`PostgresEpisodeStore.recall`, 20 results with their turns) is timed for a rare, a common, an
 * absent and a short term. The load skips the scrubber (synthetic text holds no secrets).
 */
export const postgresEpisodesBench = async (db: PostgresDb, scale: number, progress: (m: string) => void): Promise<{ results: BenchResult[]; recallP50Ms: number }> => {
  const n = Math.max(PER_SESSION, Math.round(EPISODES * scale));
  const rareEvery = Math.max(1, Math.floor(n / RARE_COUNT));
  let rare = 0;
  let common = 0;
  const t0 = process.hrtime.bigint();
  for (let f = 0; f * PER_SESSION < n; f++) {
    const session = `bench_${String(f).padStart(5, '0')}`;
    const rows = [];
    for (let j = 0; j < PER_SESSION && f * PER_SESSION + j < n; j++) {
      const i = f * PER_SESSION + j;
      let content = filler(i);
      if (i % COMMON_EVERY === 0) {
        content += ' dataframe';
        common++;
      }
      if (i % rareEvery === rareEvery - 1) {
        content += ' zanzibar-quota';
        rare++;
      }
      const ms = T0 + i * SECOND;
      rows.push({ line: j + 1, key: episodeKey(ms, j + 1), e: { ts: isoWithOffset(ms), session, turn: Math.floor(j / 4), role: ROLES[j % 4] ?? 'user', content, meta: {} } });
    }
    const stored = await insertEpisodeRows(db.pool, PROJECT, session, rows);
    if (stored.size !== rows.length) throw new Error(`postgres bench: session ${session} stored ${stored.size} of ${rows.length} episodes`);
    if (f % 50 === 0) progress(`postgres: loaded ${Math.min(n, (f + 1) * PER_SESSION)} of ${n} episodes`);
  }
  const loadSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // As autovacuum would after a load: merges the trigram index's pending list and gathers statistics.
  await db.pool.query('VACUUM ANALYZE engram_episodes');
  const store = new PostgresEpisodeStore({ db, projectId: PROJECT, clock: { now: () => T0 + n * SECOND } });
  const recall = (query: string, extra: { daysBack?: number } = {}) => () => store.recall(query, { maxResults: 20, ...extra });
  progress('postgres: timing episodic recalls');
  const results: BenchResult[] = [
    { name: `episodes bulk load (multi-row INSERT of ${PER_SESSION} per session, trigram index maintained)`, n, seconds: round(loadSeconds, 3), perSecond: Math.round(n / loadSeconds) },
    await latency('episodic recall, rare term (20 results with their turns)', recall('zanzibar-quota'), { episodes: n, matchesInCorpus: rare, targetP50Ms: 10 }),
    await latency('episodic recall, common term (20 results with their turns)', recall('dataframe'), { episodes: n, matchesInCorpus: common }),
    await latency('episodic recall, common term, days_back 1', recall('DataFrame', { daysBack: 1 }), { episodes: n }),
    await latency('episodic recall, absent term', recall('no-such-phrase-anywhere'), { episodes: n }),
    await latency('episodic recall, 2-char term, common', recall('ow'), { episodes: n }),
  ];
  const p50s = results.slice(1, 3).map((r) => Number(r['p50Ms'] ?? 0));
  return { results, recallP50Ms: Math.max(...p50s) };
};
