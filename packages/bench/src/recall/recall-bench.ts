import { embedderFromEnv, FileEpisodeStore, handleRecallAsync, isoWithOffset, textMeaning, type EpisodeRecord } from '@engram/hippocampus';
import { bm25Index, bm25Tokens, InputError, type Embedder, type EncodeRequest } from '@engram/kernel';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchMemory } from '../bench-memory.js';
import { machineInfo, percentile, round, type BenchOptions, type BenchReport, type BenchResult } from '../bench-report.js';
import { readLocomo, type LocomoConversation, type LocomoTurn } from './locomo-dataset.js';
import { scoreRecall, type QuestionOutcome } from './recall-scores.js';

/** The surfaces a host asks; `bm25` is the baseline (the kernel's index called directly). */
export const RECALL_SURFACES = ['mcp-recall', 'memory-context', 'bm25'] as const;
type Surface = (typeof RECALL_SURFACES)[number];

/** The targets through MCP recall and memory_context (plain BM25 gets about 0.58 / 0.64). */
const TARGET_RECALL_AT_10 = 0.62;
const TARGET_HIT_AT_10 = 0.7;
/** Query p95 target at 6,000 items, and the batch ingest target. */
const TARGET_P95_MS = 20;
const TARGET_INGEST_PER_SECOND = 2000;
/** Characters of a stored text used to find it again in an answer: long enough to be unique in practice, short enough to survive a cut line. */
const KEY_CHARS = 48;
/** A project has no episodes before this time; the bench's session dates are years apart, so this only anchors file names. */
const NO_DATE_MS = 0;

/** What one surface stores for a turn and how its answer reads back as ranked dialog ids. */
interface SurfaceRun {
  ingest(turns: readonly LocomoTurn[]): Promise<void>;
  ask(question: string): Promise<readonly string[]>;
  close(): Promise<void>;
}

/** The text a host stores for a turn: who said it, then what was said. */
const turnText = (t: LocomoTurn): string => `${t.speaker}: ${t.text}`;

const keyOf = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, KEY_CHARS).toLowerCase();

/** Dialog ids by the key of their stored text (identical turns share a key; both count). */
const idsByKey = (turns: readonly LocomoTurn[]): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const t of turns) {
    const k = keyOf(turnText(t));
    map.set(k, [...(map.get(k) ?? []), t.diaId]);
  }
  return map;
};

/** MCP `recall`: the episodes appended in one batch, the question asked verbatim through the recall tool's handler. */
const mcpRecall = (dir: string, embedder: Embedder | null): SurfaceRun => {
  const store = new FileEpisodeStore({ projectDir: dir, embedder });
  let ids = new Map<string, string[]>();
  return {
    async ingest(turns) {
      ids = idsByKey(turns);
      const records: EpisodeRecord[] = turns.map((t, i) => ({ ts: isoWithOffset(t.sessionMs ?? NO_DATE_MS), session: `locomo-s${t.session}`, turn: i + 1, role: 'user', content: turnText(t), meta: { speaker: t.speaker } }));
      await store.append(records);
    },
    async ask(question) {
      const text = await handleRecallAsync({ query: question }, { episodes: store });
      const out: string[] = [];
      for (const line of text.split('\n')) {
        const m = /^\[[^\]]*\] \([^)]*\) (.*)$/.exec(line);
        if (m !== null) out.push(...(ids.get(keyOf(m[1] ?? '')) ?? []));
      }
      return out;
    },
    close: () => store.close(),
  };
};

/** `memory_context`: one lesson per turn (dated by its session) encoded in one batch, the question as the message. */
const memoryContext = (dir: string, embedder: Embedder | null): SurfaceRun => {
  const { cortex, project, textVectors } = benchMemory(dir, embedder);
  const meaning = embedder === null ? null : textMeaning(embedder, textVectors);
  let keys: (readonly [string, readonly string[]])[] = [];
  return {
    async ingest(turns) {
      keys = [...idsByKey(turns)];
      const requests: EncodeRequest[] = turns.map((t) => ({ text: turnText(t), kind: 'lesson', source: 'user', ...(t.sessionMs === null ? {} : { at: new Date(t.sessionMs).toISOString() }) }));
      await project.encode(requests);
      // With an embedder the entries are embedded now, in batches (as a write would), not by the first question.
      if (meaning !== null) await meaning.embed((await project.read()).lessons.map((l) => l.text));
    },
    async ask(question) {
      const block = (await cortex.memoryContext(question)).text.replace(/\s+/g, ' ').toLowerCase();
      const found: { at: number; ids: readonly string[] }[] = [];
      for (const [k, ids] of keys) {
        const at = block.indexOf(k);
        if (at >= 0) found.push({ at, ids });
      }
      return found.sort((a, b) => a.at - b.at).flatMap((f) => f.ids);
    },
    close: () => Promise.resolve(),
  };
};

/** The baseline: the kernel's BM25 over the same texts, top ten by score. */
const plainBm25 = (): SurfaceRun => {
  let turns: readonly LocomoTurn[] = [];
  let index = bm25Index([]);
  return {
    ingest(t) {
      turns = t;
      index = bm25Index(t.map(turnText));
      return Promise.resolve();
    },
    ask(question) {
      const scores = index.scores(bm25Tokens(question));
      const order = scores.map((s, i) => ({ s, i })).filter((x) => x.s > 0);
      order.sort((a, b) => b.s - a.s || a.i - b.i);
      return Promise.resolve(order.slice(0, 10).map((x) => turns[x.i]?.diaId ?? ''));
    },
    close: () => Promise.resolve(),
  };
};

const SURFACES: Readonly<Record<Surface, (dir: string, embedder: Embedder | null) => SurfaceRun>> = { 'mcp-recall': mcpRecall, 'memory-context': memoryContext, bm25: plainBm25 };

/** A surface as run: the words' ranking alone, or fused with an embedder's meaning (named `SURFACE+embeddings`). */
interface SurfacePlan {
  readonly surface: Surface;
  readonly embedder: Embedder | null;
}

const nameOf = (p: SurfacePlan): string => (p.embedder === null ? p.surface : `${p.surface}+embeddings`);

const runSurface = async (plan: SurfacePlan, conversations: readonly LocomoConversation[], root: string, opts: BenchOptions): Promise<BenchResult> => {
  const surface = nameOf(plan);
  const outcomes: QuestionOutcome[] = [];
  const times: number[] = [];
  let items = 0;
  let ingestSeconds = 0;
  for (const [n, c] of conversations.entries()) {
    const dir = join(root, `${surface}-${n}`);
    mkdirSync(dir, { recursive: true });
    const run = SURFACES[plan.surface](dir, plan.embedder);
    try {
      opts.progress(`recall ${surface}: ${c.name}, ingesting ${c.turns.length} turns`);
      const t0 = process.hrtime.bigint();
      await run.ingest(c.turns);
      ingestSeconds += Number(process.hrtime.bigint() - t0) / 1e9;
      items += c.turns.length;
      for (const [i, q] of c.questions.entries()) {
        if (i % 50 === 0) opts.progress(`recall ${surface}: ${c.name}, question ${i + 1}/${c.questions.length}`);
        const s = process.hrtime.bigint();
        const ranked = await run.ask(q.question);
        times.push(Number(process.hrtime.bigint() - s) / 1e6);
        outcomes.push({ evidence: q.evidence, ranked });
      }
    } finally {
      await run.close();
    }
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return {
    name: `recall through ${surface}`,
    surface,
    ...(plan.embedder === null ? {} : { embedModel: plan.embedder.model }),
    n: times.length,
    seconds: round(total / 1000, 4),
    perSecond: total === 0 ? 0 : Math.round((times.length * 1000) / total),
    ...scoreRecall(outcomes),
    queryP50Ms: round(percentile(times, 0.5), 3),
    queryP95Ms: round(percentile(times, 0.95), 3),
    items,
    ingestPerSecond: ingestSeconds === 0 ? 0 : Math.round(items / ingestSeconds),
  };
};

const parseSurfaces = (value: string | undefined): Surface[] => {
  if (value === undefined || value === 'all') return [...RECALL_SURFACES];
  const picked = value.split(',').map((s) => s.trim());
  for (const s of picked) if (!(RECALL_SURFACES as readonly string[]).includes(s)) throw new InputError('--surface', [{ field: '', problem: `unknown surface "${s}"; known: ${RECALL_SURFACES.join(', ')}, all` }]);
  return picked as Surface[];
};

/**
 * `engram bench recall DATASET`: LoCoMo conversations (docs/recall-bench.md) stored one item per
 * dialog turn into a fresh home per conversation and surface, each question of categories 1-4
 * asked verbatim; evidence recall@1/5/10, hit@10, query p50/p95 and ingest rate per surface, with
 * plain BM25 over the same texts as the baseline; with an embedder configured, `mcp-recall+embeddings`
 * and `memory-context+embeddings` too (words and meaning fused).
 */
export const recallBench = async (opts: BenchOptions): Promise<BenchReport> => {
  if (opts.path === undefined) throw new InputError('', [{ field: '', problem: 'engram bench recall needs the dataset: engram bench recall DATASET (a LoCoMo conversation file or a folder of them)' }]);
  const surfaces = parseSurfaces(opts.surface);
  // `--embedder URL --embed-model NAME` (ENGRAM_EMBEDDER_URL, ENGRAM_EMBED_MODEL): the fused surfaces run too, after the words-only ones.
  const embedder = embedderFromEnv(process.env);
  const plans: SurfacePlan[] = [...surfaces.map((surface) => ({ surface, embedder: null })), ...(embedder === null ? [] : surfaces.filter((s) => s !== 'bm25').map((surface) => ({ surface, embedder })))];
  const all = readLocomo(opts.path);
  const conversations = all.slice(0, Math.max(1, Math.round(all.length * Math.min(1, opts.scale))));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-recall-'));
  try {
    const results: BenchResult[] = [];
    for (const p of plans) results.push(await runSurface(p, conversations, root, opts));
    const targets: Record<string, number | boolean> = {};
    for (const r of results) {
      if (r['surface'] === 'bm25') continue;
      targets[`${String(r['surface'])}RecallAt10`] = Number(r['recallAt10']) >= TARGET_RECALL_AT_10;
      targets[`${String(r['surface'])}HitAt10`] = Number(r['hitAt10']) >= TARGET_HIT_AT_10;
      targets[`${String(r['surface'])}P95`] = Number(r['queryP95Ms']) <= TARGET_P95_MS;
      targets[`${String(r['surface'])}Ingest`] = Number(r['ingestPerSecond']) >= TARGET_INGEST_PER_SECOND;
    }
    return { suite: 'recall', machine: machineInfo(), results, targets };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
