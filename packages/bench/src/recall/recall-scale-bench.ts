import { capAgreement, DEFAULT_MAX_RESULTS, FileEpisodeStore, handleRecallAsync, isoWithOffset, type EpisodeRecord } from '@engram/hippocampus';
import { rankedCandidates } from '@engram/hippocampus/episodes';
import type { EncodeRequest } from '@engram/kernel';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchMemory } from '../bench-memory.js';
import { machineInfo, percentile, round, type BenchOptions, type BenchReport, type BenchResult } from '../bench-report.js';
import { SYNTHETIC_SEED, syntheticCorpus, turnSample } from './synthetic-corpus.js';

/** The sizes: a long-lived project's memory (6,000 items) and a very large episode log (1,000,000). */
const SIZES = [6000, 1_000_000] as const;
/** Query p95 targets by size: 20 ms up to 6,000 items, 50 ms over a million episodes. */
const TARGET_P95_SMALL_MS = 20;
const TARGET_P95_LARGE_MS = 50;
const SMALL_SIZE = 6000;
/** The batch ingest target (items a second through the batch API). */
const TARGET_INGEST_PER_SECOND = 2000;
/** Turns per batch call: one host flush of a busy session; bounds memory at a million turns. */
const BATCH = 5000;
/** Turns per session file, as a long conversation. */
const PER_SESSION = 500;
/** Questions timed per size, after WARMUP untimed ones; a run stops asking after QUERY_BUDGET_MS. */
const QUESTIONS = 200;
const WARMUP = 3;
const QUERY_BUDGET_MS = 120_000;
/** memory_context is measured up to this many entries: a memory file is read whole per block, so a million lessons is not a memory a host keeps. */
const MAX_ENTRIES_SIZE = 10_000;
const SEED = SYNTHETIC_SEED;
const T0 = Date.parse('2024-01-01T00:00:00Z');
const MINUTE = 60_000;
/** Characters of a turn that identify it in an answer. */
const KEY_CHARS = 48;
/** A question that shares no word with any turn: the first search only catches the index up. */
const NO_MATCH = 'qqxyzzy';

const key = (text: string): string => text.slice(0, KEY_CHARS).toLowerCase();

interface Sizes {
  readonly size: number;
  readonly targetP95Ms: number;
}

/** Times `ask` over the questions (after a warm-up), within the time budget; `found` says whether the asked-about turn was shown. */
const timeQuestions = async (about: readonly string[], question: (t: string) => string, ask: (q: string) => Promise<string>, progress: (m: string) => void, label: string) => {
  const times: number[] = [];
  let found = 0;
  const start = Date.now();
  for (const t of about.slice(0, WARMUP)) await ask(question(t));
  for (const [i, t] of about.entries()) {
    if (Date.now() - start > QUERY_BUDGET_MS) break;
    if (i % 50 === 0) progress(`${label}: question ${i + 1}/${about.length}`);
    const q = question(t);
    const s = process.hrtime.bigint();
    const answer = await ask(q);
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (answer.toLowerCase().includes(key(t))) found++;
  }
  times.sort((a, b) => a - b);
  return { n: times.length, seconds: round(times.reduce((a, b) => a + b, 0) / 1000, 4), queryP50Ms: round(percentile(times, 0.5), 3), queryP95Ms: round(percentile(times, 0.95), 3), foundAt10: times.length === 0 ? 0 : round(found / times.length, 3) };
};

/** Episodes through the batch API (`EpisodeStore.append`) into a fresh project, then the recall tool's ranked answer timed. */
const episodesAtSize = async (root: string, { size, targetP95Ms }: Sizes, opts: BenchOptions): Promise<BenchResult> => {
  const dir = join(root, `episodes-${size}`);
  mkdirSync(dir, { recursive: true });
  const corpus = syntheticCorpus(SEED);
  const sample = turnSample(SEED + size, QUESTIONS);
  const store = new FileEpisodeStore({ projectDir: dir, embedder: null });
  try {
    let appendSeconds = 0;
    for (let done = 0; done < size; ) {
      const records: EpisodeRecord[] = [];
      for (let j = 0; j < BATCH && done < size; j++, done++) {
        const { speaker, text } = corpus.turn();
        sample.offer(text);
        records.push({ ts: isoWithOffset(T0 + done * MINUTE), session: `synthetic-${String(Math.floor(done / PER_SESSION)).padStart(5, '0')}`, turn: (done % PER_SESSION) + 1, role: done % 2 === 0 ? 'user' : 'assistant', content: text, meta: { speaker } });
      }
      const t0 = process.hrtime.bigint();
      await store.append(records);
      appendSeconds += Number(process.hrtime.bigint() - t0) / 1e9;
      if (done % (BATCH * 10) === 0 || done === size) opts.progress(`recall-scale: ${done} of ${size} episodes appended`);
    }
    // The file store indexes what was appended when recall next reads: that catch-up is part of ingesting.
    opts.progress(`recall-scale: indexing ${size} episodes`);
    const t1 = process.hrtime.bigint();
    await store.search(NO_MATCH);
    const indexSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
    const asked: string[] = [];
    const ask = (t: string): string => {
      const q = corpus.question(t);
      asked.push(q);
      return q;
    };
    const timed = await timeQuestions(sample.kept(), ask, (query) => handleRecallAsync({ query }, { episodes: store }), opts.progress, `recall-scale ${size}`);
    // Past the cap the ranking is a choice of rows (`rankingSteps`): how much of the uncapped answer it keeps, as candidates for the tool's default results.
    opts.progress(`recall-scale: ranking the questions past the cap without it (${size} episodes)`);
    const cap = capAgreement(dir, asked, rankedCandidates(DEFAULT_MAX_RESULTS));
    const ingestPerSecond = Math.round(size / (appendSeconds + indexSeconds));
    return {
      name: `recall over ${size} episodes (files: JSONL + SQLite FTS5), the recall tool's ranked answer`,
      surface: 'mcp-recall',
      store: 'files',
      items: size,
      ...timed,
      perSecond: timed.seconds === 0 ? 0 : Math.round(timed.n / timed.seconds),
      pastCapQuestions: cap.pastCap,
      pastCapOverlapWithUncapped: round(cap.overlap, 3),
      appendPerSecond: Math.round(size / appendSeconds),
      indexSeconds: round(indexSeconds, 3),
      ingestPerSecond,
      targetP95Ms,
      p95Met: timed.queryP95Ms <= targetP95Ms,
      targetIngestPerSecond: TARGET_INGEST_PER_SECOND,
      ingestMet: ingestPerSecond >= TARGET_INGEST_PER_SECOND,
    };
  } finally {
    await store.close();
  }
};

/** Lessons through the batch API (`SemanticStore.encode`), then the memory block for a question timed. */
const entriesAtSize = async (root: string, { size, targetP95Ms }: Sizes, opts: BenchOptions): Promise<BenchResult> => {
  const dir = join(root, `entries-${size}`);
  const corpus = syntheticCorpus(SEED);
  const sample = turnSample(SEED + size, QUESTIONS);
  const { cortex, project } = benchMemory(dir);
  let seconds = 0;
  for (let done = 0; done < size; ) {
    const requests: EncodeRequest[] = [];
    for (let j = 0; j < BATCH && done < size; j++, done++) {
      const { text } = corpus.turn();
      sample.offer(text);
      requests.push({ text, kind: 'lesson', source: 'user', at: new Date(T0 + done * MINUTE).toISOString() });
    }
    const t0 = process.hrtime.bigint();
    await project.encode(requests);
    seconds += Number(process.hrtime.bigint() - t0) / 1e9;
  }
  const timed = await timeQuestions(sample.kept(), (t) => corpus.question(t), async (q) => (await cortex.memoryContext(q)).text.replace(/\s+/g, ' '), opts.progress, `recall-scale memory-context ${size}`);
  const ingestPerSecond = Math.round(size / seconds);
  return {
    name: `memory block over ${size} lessons (files), ranked against the question`,
    surface: 'memory-context',
    store: 'files',
    items: size,
    ...timed,
    perSecond: timed.seconds === 0 ? 0 : Math.round(timed.n / timed.seconds),
    ingestPerSecond,
    targetP95Ms,
    p95Met: timed.queryP95Ms <= targetP95Ms,
    targetIngestPerSecond: TARGET_INGEST_PER_SECOND,
    ingestMet: ingestPerSecond >= TARGET_INGEST_PER_SECOND,
  };
};

/**
 * `engram bench recall-scale`: the speed targets on a seeded synthetic conversation
 * (docs/recall-bench.md): 6,000 and 1,000,000 turns (times `--scale`; `--limit N` runs one size
 * of N) stored through the batch API into a fresh folder, then ranked questions timed through the
 * recall tool (and the memory block, up to 10,000 lessons). Each row has its target and whether it
 * was met; `foundAt10` (the asked-about turn shown) is a sanity check, not a quality figure.
 */
export const recallScaleBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const sizes = (opts.limit === undefined ? SIZES.map((s) => Math.max(100, Math.round(s * opts.scale))) : [opts.limit]).map((size) => ({ size, targetP95Ms: size <= SMALL_SIZE ? TARGET_P95_SMALL_MS : TARGET_P95_LARGE_MS }));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-recall-scale-'));
  try {
    const results: BenchResult[] = [];
    for (const s of sizes) {
      results.push(await episodesAtSize(root, s, opts));
      if (s.size <= MAX_ENTRIES_SIZE) results.push(await entriesAtSize(root, s, opts));
      rmSync(join(root, `episodes-${s.size}`), { recursive: true, force: true });
    }
    const targets: Record<string, boolean> = {};
    for (const r of results) {
      targets[`${String(r['surface'])}${String(r['items'])}P95`] = r['p95Met'] === true;
      targets[`${String(r['surface'])}${String(r['items'])}Ingest`] = r['ingestMet'] === true;
    }
    return { suite: 'recall-scale', machine: machineInfo(), results, targets };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
