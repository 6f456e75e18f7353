import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineInfo, measure, round, type BenchReport, type BenchResult, percentile } from './bench-report.js';
import type { BenchOptions } from './suites.js';

/** Issue 4's size: recall over 1,000,000 episodes. */
const EPISODES = 1_000_000;
/** Episodes per session file (a long session); the file count is what a catch-up check stats. */
const PER_FILE = 1000;
/** Recalls timed per query, after one warm-up, for the percentiles. */
const RUNS = 200;
/** One in this many episodes holds the common term (a word like "dataframe" in a data project). */
const COMMON_EVERY = 10;
/** The rare term appears this many times in the whole corpus. */
const RARE_COUNT = 10;
const SECOND = 1000;
const T0 = Date.parse('2025-01-01T00:00:00Z');

/** What the bench needs of the episodes module (loaded at run time from @engram/hippocampus). */
interface StoredEpisodeLike {
  readonly content: string;
}
interface EpisodeIndexLike {
  sync(): { readonly episodesAdded: number; readonly problems: readonly unknown[] };
  matches(query: string, options: { readonly limit: number; readonly sinceMs?: number }): readonly StoredEpisodeLike[];
  turn(file: string, session: string, turn: number): readonly StoredEpisodeLike[];
  count(): number;
  close(): void;
}
export interface EpisodesApi {
  EpisodeIndex: new (options: { readonly episodesDir: string; readonly indexFile: string }) => EpisodeIndexLike;
  recallEpisodes(source: EpisodeIndexLike, query: string, options: { readonly nowMs: number; readonly maxResults?: number; readonly daysBack?: number }): { readonly hits: number };
  serializeEpisode(e: { ts: string; session: string; turn: number; role: string; content: string; meta: Record<string, unknown> }): string;
  isoWithOffset(ms: number): string;
}

const loadEpisodesApi = async (): Promise<EpisodesApi> => {
  const mod = (await import('@engram/hippocampus')) as unknown as Partial<EpisodesApi>;
  if (mod.EpisodeIndex === undefined || mod.recallEpisodes === undefined || mod.serializeEpisode === undefined || mod.isoWithOffset === undefined)
    throw new Error('@engram/hippocampus does not export the episodes API yet (EpisodeIndex, recallEpisodes, serializeEpisode, isoWithOffset)');
  return mod as EpisodesApi;
};

const WORDS = ['load', 'the', 'file', 'rows', 'column', 'revenue', 'region', 'plot', 'chart', 'error', 'retry', 'query', 'table', 'join', 'filter', 'group', 'mean', 'sum', 'cell', 'output'];
const ROLES = ['user', 'tool_call', 'tool_result', 'assistant'] as const;

/** Deterministic filler text of about 80 characters, so runs compare. */
const filler = (i: number): string => {
  let s = '';
  for (let x = (i * 2654435761) >>> 0; s.length < 72; x = (x * 1103515245 + 12345) >>> 0) s += `${WORDS[x % WORDS.length] ?? ''} `;
  return `${s}#${i}`;
};

/** Writes the corpus: `n` episodes, one second apart, in session files of PER_FILE, 4 records per turn. */
const writeCorpus = (api: EpisodesApi, dir: string, n: number, progress: (m: string) => void): { rare: number; common: number } => {
  mkdirSync(dir, { recursive: true });
  const rareEvery = Math.max(1, Math.floor(n / RARE_COUNT));
  let rare = 0;
  let common = 0;
  for (let f = 0; f * PER_FILE < n; f++) {
    const session = `bench_${String(f).padStart(5, '0')}`;
    const fd = openSync(join(dir, `${session}.jsonl`), 'w');
    let chunk = '';
    for (let j = 0; j < PER_FILE && f * PER_FILE + j < n; j++) {
      const i = f * PER_FILE + j;
      let content = filler(i);
      if (i % COMMON_EVERY === 0) {
        content += ' dataframe';
        common++;
      }
      if (i % rareEvery === rareEvery - 1) {
        content += ' zanzibar-quota';
        rare++;
      }
      chunk += api.serializeEpisode({ ts: api.isoWithOffset(T0 + i * SECOND), session, turn: Math.floor(j / 4), role: ROLES[j % 4] ?? 'user', content, meta: {} });
    }
    writeSync(fd, chunk);
    closeSync(fd);
    if (f % 100 === 0) progress(`episodes: wrote ${Math.min(n, (f + 1) * PER_FILE)} of ${n}`);
  }
  return { rare, common };
};


/** Times `fn` RUNS times (after a warm-up) and reports p50/p95/max in ms. */
const latency = (name: string, fn: () => unknown, extra: Record<string, unknown> = {}): BenchResult => {
  fn();
  const times: number[] = [];
  const start = process.hrtime.bigint();
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  times.sort((a, b) => a - b);
  return { name, n: RUNS, seconds: round(seconds, 4), perSecond: Math.round(RUNS / seconds), p50Ms: round(percentile(times, 0.5), 3), p95Ms: round(percentile(times, 0.95), 3), maxMs: round(times.at(-1) ?? 0, 3), ...extra };
};

/** Anton's recall for comparison (anton.md §8.3): read and parse every file, newest file first. */
const antonStyleScan = (dir: string, query: string, maxResults: number): number => {
  const q = query.toLowerCase();
  let found = 0;
  for (const name of readdirSync(dir).sort().reverse()) {
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    const episodes = lines.flatMap((l) => {
      try {
        return l.trim() === '' ? [] : [JSON.parse(l) as { content?: string }];
      } catch {
        return [];
      }
    });
    for (let i = episodes.length - 1; i >= 0; i--) if ((episodes[i]?.content ?? '').toLowerCase().includes(q) && ++found >= maxResults) return found;
  }
  return found;
};

/**
 * `engram bench episodes`: recall latency over a synthetic 1,000,000-episode corpus (issue 4
 * item 9: p50 under 10 ms), for a rare and a common term, a short (scanned) term and a
 * `days_back` window; plus the index build and Anton's full-scan recall for comparison.
 */
export const episodeRecallBench = async (opts: BenchOptions): Promise<BenchReport> => runEpisodeRecallBench(opts, await loadEpisodesApi());

/** The bench over a given episodes API (the package's, or its sources when run before the re-exports). */
export const runEpisodeRecallBench = async (opts: BenchOptions, api: EpisodesApi): Promise<BenchReport> => {
  const n = Math.max(PER_FILE, Math.round(EPISODES * opts.scale));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-episodes-'));
  try {
    const episodesDir = join(root, 'episodes');
    opts.progress(`episodes: writing ${n} episodes`);
    const { rare, common } = writeCorpus(api, episodesDir, n, opts.progress);
    const index = new api.EpisodeIndex({ episodesDir, indexFile: join(root, 'index', 'episodes.sqlite') });
    try {
      opts.progress('episodes: building the index');
      const build = await measure('index build (full catch-up)', n, () => index.sync());
      const nowMs = T0 + n * SECOND;
      const recall = (query: string, extra: { daysBack?: number } = {}) => () => api.recallEpisodes(index, query, { nowMs, maxResults: 20, ...extra });
      opts.progress('episodes: timing recalls');
      const results: BenchResult[] = [
        build,
        latency('recall rare term (20 results with their turns)', recall('zanzibar-quota'), { episodes: n, matchesInCorpus: rare }),
        latency('recall common term (20 results with their turns)', recall('dataframe'), { episodes: n, matchesInCorpus: common }),
        latency('recall common term, days_back 1', recall('DataFrame', { daysBack: 1 }), { episodes: n }),
        latency('recall absent term', recall('no-such-phrase-anywhere'), { episodes: n }),
        latency('recall 2-char term, common (table scan, stops at 20)', recall('ow'), { episodes: n }),
        latency('recall 2-char term, absent (table scan, worst case)', recall('zq'), { episodes: n }),
        latency('catch-up check with nothing new', () => index.sync(), { files: Math.ceil(n / PER_FILE) }),
      ];
      opts.progress('episodes: Anton-style full scan, for comparison');
      results.push(await measure('Anton-style recall (read and parse every file), rare term', 1, () => antonStyleScan(episodesDir, 'zanzibar-quota', 20), { episodes: n }));
      return { suite: 'episodes', machine: machineInfo(), results };
    } finally {
      index.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
