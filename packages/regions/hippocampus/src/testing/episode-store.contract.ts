import { manualClock, type Clock, type Embedder } from '@engram/kernel';
import { openAiEmbedder } from '../embeddings/openai-embedder.js';
import { startEmbeddingsServer } from './embeddings-server.js';
import { describe, expect, it } from 'vitest';
import type { Episode } from '../episodes/episode.js';
import { EMBED_PER_QUERY, type EpisodeRecord, type EpisodeStore } from '../episodes/episode-store.js';
import { MAX_SCORED_ROWS } from '../episodes/cap-words.js';

/**
 * Storage a contract test writes to: every `open` is a new store object over the same storage
 * (a second `open` reads what the first appended, as another process would), with `clock` as its
 * idea of now (for `daysBack`); `close` releases it all. Each test gets a fresh, empty harness.
 */
export interface EpisodeStoreHarness {
  /** With `embedder`, the store embeds what it stores and ranks by meaning too. */
  readonly open: (clock: Clock, embedder?: Embedder | null) => EpisodeStore;
  readonly close: () => Promise<void>;
}

// Made up at run time so no secret-looking literal sits in the sources.
const fake = (...parts: string[]) => parts.join('');
const ANTHROPIC_KEY = fake('sk-ant-', 'api03-', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
const S1 = '20260301_100000_aaaa';
const S2 = '20260302_090000_bbbb';
const NOW = '2026-03-05T00:00:00.000Z';

const at = (iso: string) => iso.replace(/Z$/, '+00:00');
const ep = (session: string, ts: string, turn: number, role: string, content: string, meta: Record<string, unknown> = {}): EpisodeRecord => ({ ts: at(ts), session, turn, role, content, meta });
const contents = (episodes: readonly { readonly episode: Episode }[]) => episodes.map((e) => e.episode.content);

/** Words about mending a car: the one axis of `mendingEmbedding` beside its constant. */
const MENDING = new Set(['fix', 'mended', 'car', 'automobile', 'gearbox', 'transmission']);

/**
 * A test embedding that works at any dimension, even 3 or 4 (where hashed trigrams rank nothing):
 * axis 0 counts the words about mending a car, the last axis is 1 for every text (no zero vector),
 * the rest stay 0. A text on the topic is near a question on it; every other text far below.
 */
const mendingEmbedding = (text: string, dim: number): number[] => {
  const v = new Array<number>(dim).fill(0);
  v[0] = (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => MENDING.has(w)).length;
  v[dim - 1]! += 1;
  return v;
};

/** Two sessions, the second later; a user message answered in the next turn; memory bookkeeping. */
const corpus: readonly EpisodeRecord[] = [
  ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'load the sales CSV'),
  ep(S1, '2026-03-01T10:00:01.000Z', 1, 'tool_call', 'read_csv("sales.csv")', { tool: 'run', id: 't1' }),
  ep(S1, '2026-03-01T10:00:02.000Z', 1, 'tool_result', '10 rows'),
  ep(S1, '2026-03-01T10:00:03.000Z', 1, 'memory_write', 'lesson: the csv has a BOM'),
  ep(S1, '2026-03-01T10:00:04.000Z', 2, 'user', 'what is the revenue by region?'),
  ep(S1, '2026-03-01T10:00:05.000Z', 3, 'assistant', 'North leads with 40% of revenue.'),
  ep(S2, '2026-03-02T09:00:00.000Z', 1, 'user', 'plot the CSV again'),
  ep(S2, '2026-03-02T09:00:01.000Z', 1, 'assistant', 'Here is the chart of sales.csv.'),
];

/**
 * The behaviour every `EpisodeStore` backend must have: Anton's recall semantics (case-insensitive
 * literal substring, newest records first, each with its turn, memory roles left out), the same
 * formatted text, what a write keeps (scrubbed, cut per role), and refusals that store nothing.
 */
export const episodeStoreContract = (name: string, fresh: () => Promise<EpisodeStoreHarness>) => {
  const withStore = async (f: (open: (clock?: Clock, embedder?: Embedder | null) => EpisodeStore) => Promise<void>): Promise<void> => {
    const h = await fresh();
    const opened: EpisodeStore[] = [];
    try {
      await f((clock = manualClock(NOW), embedder = null) => {
        const s = h.open(clock, embedder);
        opened.push(s);
        return s;
      });
    } finally {
      for (const s of opened) await s.close();
      await h.close();
    }
  };

  describe(`EpisodeStore contract: ${name}`, () => {
    it('answers an empty store with Anton\'s "no episodes" line', () =>
      withStore(async (open) => {
        const s = open();
        expect(await s.recallFormatted('csv')).toBe("No episodes found matching 'csv'.");
        const r = await s.recall('csv');
        expect(r).toMatchObject({ query: 'csv', groups: [], hits: 0 });
      }));

    it('recalls a case-insensitive substring, newest first, each hit with its turn, and the same formatted text', () =>
      withStore(async (open) => {
        const s = open();
        expect(await s.append(corpus)).toBe(corpus.length);
        const r = await s.recall('csv');
        expect(r.hits).toBe(4);
        expect(r.problems).toEqual([]);
        expect(r.groups.map((g) => g.session)).toEqual([S2, S1]);
        expect(contents(r.groups[0]!.episodes)).toEqual(['plot the CSV again', 'Here is the chart of sales.csv.']);
        // The memory_write of turn 1 is bookkeeping: never recalled, never shown as context.
        expect(contents(r.groups[1]!.episodes)).toEqual(['load the sales CSV', 'read_csv("sales.csv")', '10 rows']);
        expect(r.groups[1]!.episodes.map((e) => e.hit)).toEqual([true, true, false]);
        expect(await s.recallFormatted('csv')).toBe(
          [
            '[2026-03-02T09:00:00.000+00:00] (user) plot the CSV again',
            '[2026-03-02T09:00:01.000+00:00] (assistant) Here is the chart of sales.csv.',
            '[2026-03-01T10:00:00.000+00:00] (user) load the sales CSV',
            '[2026-03-01T10:00:01.000+00:00] (tool_call) read_csv("sales.csv")',
            '[2026-03-01T10:00:02.000+00:00] (tool_result) 10 rows',
          ].join('\n'),
        );
        const hit = r.groups[1]!.episodes[1]!.episode;
        expect(hit).toMatchObject({ ts: '2026-03-01T10:00:01.000+00:00', session: S1, turn: 1, role: 'tool_call', meta: { tool: 'run', id: 't1' }, file: `${S1}.jsonl`, line: 2 });
        expect(await s.recall('BOM')).toMatchObject({ hits: 0, groups: [] });
      }));

    it("brings the next turn when a user message matches and that turn holds the answer", () =>
      withStore(async (open) => {
        const s = open();
        await s.append(corpus);
        const r = await s.recall('Region?');
        expect(r.hits).toBe(1);
        expect(contents(r.groups[0]!.episodes)).toEqual(['what is the revenue by region?', 'North leads with 40% of revenue.']);
        expect(r.groups[0]!.episodes.map((e) => e.hit)).toEqual([true, false]);
      }));

    it('counts maxResults in matching records, and daysBack compares record times with the clock', () =>
      withStore(async (open) => {
        await open().append(corpus);
        const s = open(manualClock('2026-03-02T12:00:00.000Z'));
        const one = await s.recall('csv', { maxResults: 1 });
        expect(one.hits).toBe(1);
        expect(one.groups[0]!.episodes.find((e) => e.hit)?.episode.content).toBe('Here is the chart of sales.csv.');
        expect((await s.recall('csv', { maxResults: 3 })).hits).toBe(3);
        expect((await s.recall('csv', { maxResults: 0 })).hits).toBe(0);
        const recent = await s.recall('csv', { daysBack: 1 });
        expect(recent.hits).toBe(2);
        expect(recent.groups.map((g) => g.session)).toEqual([S2]);
      }));

    it('matches the query literally: LIKE and regex characters, quotes and backslashes are plain text', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([
          ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'growth was 40% in Q1_2026'),
          ep(S1, '2026-03-01T10:00:01.000Z', 1, 'assistant', 'path C:\\data\\"raw" (a+b)*c [x]'),
          ep(S1, '2026-03-01T10:00:02.000Z', 1, 'assistant', 'growth was 40x in Q1-2026'),
        ]);
        expect((await s.recall('40%')).hits).toBe(1);
        expect((await s.recall('q1_2')).hits).toBe(1);
        expect((await s.recall('\\"raw"')).hits).toBe(1);
        expect((await s.recall('(A+B)*C [X]')).hits).toBe(1);
        expect((await s.recall('%')).hits).toBe(1);
        expect((await s.recall('4_%')).hits).toBe(0);
        expect((await s.recall('.*')).hits).toBe(0);
      }));

    it('folds case beyond ASCII, and finds short (1-2 character) and non-ASCII queries', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'Äpfel und BIRNEN, ΣΟΦΙΑ'), ep(S1, '2026-03-01T10:00:01.000Z', 1, 'assistant', 'ok 日本語 ok')]);
        expect((await s.recall('äPFEL')).hits).toBe(1);
        expect((await s.recall('σοφια')).hits).toBe(1);
        expect((await s.recall('本語')).hits).toBe(1);
        expect((await s.recall('Ok')).hits).toBe(1);
        expect((await s.recall('ä')).hits).toBe(1);
        expect((await s.recall('zz')).hits).toBe(0);
      }));

    it('orders records of one millisecond by their line, and records by their own time across sessions', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([ep(S2, '2026-03-01T08:00:00.000Z', 1, 'user', 'same ms first'), ep(S2, '2026-03-01T08:00:00.000Z', 1, 'assistant', 'same ms second')]);
        await s.append([ep(S1, '2026-03-01T09:00:00.000Z', 1, 'user', 'later same ms, older file name')]);
        const r = await s.recall('same ms', { maxResults: 2 });
        expect(r.groups.flatMap((g) => g.episodes.filter((e) => e.hit).map((e) => e.episode.content))).toEqual(['later same ms, older file name', 'same ms second']);
        expect(r.groups[1]!.episodes.map((e) => e.episode.line)).toEqual([1, 2]);
      }));

    it('stores what the session log would write: secrets scrubbed (content and meta), assistant text cut to 2000 characters', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([
          ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', `my key is ${ANTHROPIC_KEY} thanks`, { header: ANTHROPIC_KEY }),
          ep(S1, '2026-03-01T10:00:01.000Z', 1, 'assistant', `long ${'y'.repeat(3000)}`),
          { ...ep(S1, '2026-03-01T10:00:02.000Z', 2, 'user', `multimodal ${'z'.repeat(3000)}`), multimodal: true },
        ]);
        const r = await s.recall('my key');
        const stored = r.groups[0]!.episodes.map((e) => e.episode);
        expect(JSON.stringify(stored)).not.toContain(ANTHROPIC_KEY);
        expect(stored[0]!.content).toMatch(/^my key is .+ thanks$/);
        expect([...stored[1]!.content]).toHaveLength(2000);
        expect((await s.recall(ANTHROPIC_KEY)).hits).toBe(0);
        expect([...((await s.recall('multimodal')).groups[0]!.episodes.find((e) => e.hit)?.episode.content ?? '')]).toHaveLength(2000);
      }));

    it('refuses a session id that is not a plain name and stores nothing of that call', () =>
      withStore(async (open) => {
        const s = open();
        await expect(s.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'fine record'), ep('../escape', '2026-03-01T10:00:01.000Z', 1, 'user', 'fine record too')])).rejects.toThrow(/not a session id: "\.\.\/escape"/);
        expect((await s.recall('fine record')).hits).toBe(0);
      }));

    it('keeps content with control characters and NUL whole, and a second store sees the first one\'s appends', () =>
      withStore(async (open) => {
        const a = open();
        const b = open();
        expect((await b.recall('nul')).hits).toBe(0);
        await a.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'tool_result', 'before\u0000nul\tafter\u2028line')]);
        const r = await b.recall('NUL\tAFTER');
        expect(r.hits).toBe(1);
        expect(r.groups[0]!.episodes[0]!.episode.content).toBe('before\u0000nul\tafter\u2028line');
        expect((await b.recall('e\u0000n')).hits).toBe(1);
      }));

    it('search ranks a question in plain words: stemmed terms, the speaker as a field, the reply turn shown with its question', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([
          ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'Ana: I went hiking with my dog', { speaker: 'Ana' }),
          ep(S1, '2026-03-01T10:00:01.000Z', 2, 'user', 'Bo: what have you been painting lately?', { speaker: 'Bo' }),
          ep(S1, '2026-03-01T10:00:02.000Z', 3, 'user', 'Ana: a sunset over the lake, in oils', { speaker: 'Ana' }),
          ep(S1, '2026-03-01T10:00:03.000Z', 4, 'user', 'Bo: I paint fences for a living', { speaker: 'Bo' }),
          ep(S2, '2026-03-02T09:00:00.000Z', 1, 'user', 'Ana: my dog loves the lake', { speaker: 'Ana' }),
        ]);
        // No record holds the question as a substring: Anton's recall finds nothing.
        expect((await s.recall('What did Ana paint?')).hits).toBe(0);
        const r = await s.search('What did Ana paint?');
        // "painting" and "paint" meet on one stem: both paint turns are hits, and Ana's reply between
        // them (her turn, next to both) comes with them, ahead of the turns that only name Ana.
        const hits = r.groups.flatMap((g) => g.episodes.filter((e) => e.hit).map((e) => e.episode.content));
        expect(hits.slice(0, 3).sort()).toEqual(['Ana: a sunset over the lake, in oils', 'Bo: I paint fences for a living', 'Bo: what have you been painting lately?']);
        // The question's turn brings the reply after it, unless a better group showed the reply already (a turn is shown once).
        const at = r.groups.findIndex((g) => g.episodes.some((e) => e.hit && e.episode.content.includes('painting lately')));
        const asked = r.groups[at]!;
        expect(contents(asked.episodes)[0]).toBe('Bo: what have you been painting lately?');
        expect(r.groups.slice(0, at + 1).flatMap((g) => contents(g.episodes))).toContain('Ana: a sunset over the lake, in oils');
        expect(asked.episodes[0]!.hit).toBe(true);
        expect((await s.search('quantum chromodynamics')).hits).toBe(0);
        expect((await s.search('the of and')).hits).toBe(0);
        expect((await s.search('hiking', { maxResults: 0 })).hits).toBe(0);
        const one = await s.search('dog lake', { maxResults: 1 });
        expect(one.hits).toBe(1);
        expect(one.groups[0]!.episodes.find((e) => e.hit)?.episode.content).toBe('Ana: my dog loves the lake');
      }));

    it('search recalls the turn just before a match, which shares no word with the question, ahead of a weaker match elsewhere', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([
          ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'Ana: we adopted a puppy last week, Luna', { speaker: 'Ana' }),
          ep(S1, '2026-03-01T10:00:01.000Z', 2, 'user', 'Bo: what a lovely name for a beagle', { speaker: 'Bo' }),
          ep(S2, '2026-03-02T09:00:00.000Z', 1, 'user', 'Cy: the paint shop names colours after places', { speaker: 'Cy' }),
          ep(S2, '2026-03-02T09:00:01.000Z', 3, 'user', 'Cy: nothing else today', { speaker: 'Cy' }),
        ]);
        const r = await s.search('what name did they give the beagle', { maxResults: 2 });
        // Bo's turn matches both words; Ana's, before it, none: it gains half of Bo's score and outranks Cy's one-word match.
        const hits = r.groups.flatMap((g) => g.episodes.filter((e) => e.hit).map((e) => e.episode.content));
        expect(hits).toEqual(['Bo: what a lovely name for a beagle', 'Ana: we adopted a puppy last week, Luna']);
      }));

    it('search is deterministic and keeps daysBack', () =>
      withStore(async (open) => {
        await open().append(corpus);
        const s = open(manualClock('2026-03-02T12:00:00.000Z'));
        const a = await s.search('sales csv revenue');
        expect(await s.search('sales csv revenue')).toEqual(a);
        expect(a.hits).toBeGreaterThan(0);
        const recent = await s.search('sales csv revenue', { daysBack: 1 });
        expect(recent.groups.map((g) => g.session)).toEqual([S2]);
      }));

    it('search past the cap: when every word of a question is in more than MAX_SCORED_ROWS episodes, the oldest episode holding all of them still comes first', () =>
      withStore(async (open) => {
        const s = open();
        const n = MAX_SCORED_ROWS + 20;
        const later = (i: number) => new Date(Date.parse('2026-03-02T09:00:00.000Z') + i * 1000).toISOString();
        await s.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'amber birch cedar: the turn asked about')]);
        // Every other turn, so no two fillers are neighbours (a neighbour gains a share of a hit's score).
        await s.append(Array.from({ length: n }, (_, i) => ep(S2, later(i), 2 * i + 1, 'user', `amber birch filler ${i}`)));
        await s.append(Array.from({ length: n }, (_, i) => ep(S2, later(n + i), 2 * (n + i) + 1, 'user', `cedar filler ${i}`)));
        const r = await s.search('amber birch cedar', { maxResults: 3 });
        const hits = r.groups.flatMap((g) => g.episodes.filter((e) => e.hit).map((e) => e.episode.content));
        expect(hits).toHaveLength(3);
        expect(hits[0]).toBe('amber birch cedar: the turn asked about');
        // The rest: episodes holding two of its words, never one holding a single word while two-word ones are left.
        expect(hits.slice(1).every((h) => h.startsWith('amber birch filler'))).toBe(true);
      }));

    it('continues a session: a later append is the next line of the same session', () =>
      withStore(async (open) => {
        const s = open();
        await s.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'first turn')]);
        await open().append([ep(S1, '2026-03-01T10:00:01.000Z', 2, 'user', 'second turn')]);
        const r = await s.recall('turn');
        expect(r.groups.map((g) => g.episodes.map((e) => [e.episode.line, e.episode.content]))).toEqual([[[2, 'second turn']], [[1, 'first turn']]]);
      }));

    it('with an embedder: a paraphrase sharing no word finds the episode, fused with the words; without one it finds nothing', async () => {
      const server = await startEmbeddingsServer();
      try {
        await withStore(async (open) => {
          const embedder = openAiEmbedder({ url: server.url, model: 'test-ngram-64' });
          const store = open(manualClock(NOW), embedder);
          await store.append([...corpus, ep(S2, '2026-03-02T09:00:02.000Z', 2, 'user', 'Karl mended the gearbox of the automobile'), ep(S2, '2026-03-02T09:00:03.000Z', 2, 'assistant', 'Noted.')]);
          expect(server.texts()).toBeGreaterThanOrEqual(corpus.length);
          const question = 'who can fix my car transmission';
          const lexical = await open().search(question);
          expect(lexical.groups.flatMap((g) => contents(g.episodes))).not.toContain('Karl mended the gearbox of the automobile');
          const meant = await store.search(question, { maxResults: 3 });
          expect(meant.groups[0]?.episodes.find((e) => e.hit)?.episode.content).toBe('Karl mended the gearbox of the automobile');
          // A question the words answer still ranks the word match first.
          const words = await store.search('revenue by region', { maxResults: 3 });
          expect(words.groups[0]?.episodes.find((e) => e.hit)?.episode.content).toBe('what is the revenue by region?');
          expect(await store.ranking?.()).toMatchObject({ kind: 'lexical+embeddings', model: 'test-ngram-64' });
        });
      } finally {
        await server.close();
      }
    });

    it('with an embedder that fails at write time: the episodes are stored, the next search says so and embeds them', async () => {
      const server = await startEmbeddingsServer();
      try {
        await withStore(async (open) => {
          const embedder = openAiEmbedder({ url: server.url, model: 'test-ngram-64' });
          const store = open(manualClock(NOW), embedder);
          server.failing = true;
          await store.append([ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'Karl mended the gearbox of the automobile')]);
          expect(contents((await open().recall('gearbox')).groups.flatMap((g) => g.episodes))).toEqual(['Karl mended the gearbox of the automobile']);
          server.failing = false;
          const answer = await store.search('who can fix my car transmission');
          expect(answer.problems.map((p) => p.reason).join('\n')).toMatch(/1 episode\(s\) stored without a vector .*HTTP 503.*embedded at a later recall/);
          expect(answer.groups[0]?.episodes.find((e) => e.hit)?.episode.content).toBe('Karl mended the gearbox of the automobile');
          // A model change: vectors of the old model are not compared; the new model's are computed.
          const other = open(manualClock(NOW), openAiEmbedder({ url: server.url, model: 'test-ngram-64-b' }));
          const before = server.texts();
          expect((await other.search('who can fix my car transmission')).groups).toHaveLength(1);
          expect(server.texts()).toBeGreaterThan(before + 1);
        });
      } finally {
        await server.close();
      }
    });

    it('with another model served under the same name (another dimension): its vectors are embedded again at recall, newest first, at most EMBED_PER_QUERY a question, and never compared', async () => {
      const server = await startEmbeddingsServer({ dim: 3, embedding: mendingEmbedding });
      try {
        await withStore(async (open) => {
          const store = open(manualClock(NOW), openAiEmbedder({ url: server.url, model: 'm' }));
          // The answer is the oldest record: a newest-first catch-up reaches it last.
          const answer = ep(S1, '2026-03-01T10:00:00.000Z', 1, 'user', 'Karl mended the gearbox of the automobile');
          const notes = Array.from({ length: EMBED_PER_QUERY + 2 }, (_, i) => ep(S2, new Date(Date.parse('2026-03-02T09:00:00.000Z') + i * 1000).toISOString(), i + 1, 'user', `weather note ${i}`));
          const total = notes.length + 1;
          await store.append([answer]);
          await store.append(notes);
          expect(server.texts()).toBe(total);
          server.dim = 4;
          const question = 'who can fix my car transmission';
          /** One search, and how many texts the server embedded for it. */
          const ask = async () => {
            const before = server.texts();
            const outcome = await store.search(question);
            return { hits: outcome.groups.flatMap((g) => g.episodes.filter((e) => e.hit).map((e) => e.episode.content)), embedded: server.texts() - before };
          };
          // The question (4 numbers now), then the newest EMBED_PER_QUERY notes; the answer keeps its 3-number vector, which is not compared.
          const first = await ask();
          expect(first.embedded).toBe(1 + EMBED_PER_QUERY);
          expect(first.hits).not.toContain(answer.content);
          // The rest (two notes and the answer) at the next question, which the answer's new vector then answers.
          const second = await ask();
          expect(second.embedded).toBe(1 + 3);
          expect(second.hits[0]).toBe(answer.content);
          // Caught up: a further question embeds itself only; nothing was lost.
          expect((await ask()).embedded).toBe(1);
          expect(await store.ranking?.()).toMatchObject({ kind: 'lexical+embeddings', model: 'm', embedded: total, items: total });
          expect((await store.recall('weather note', { maxResults: total })).hits).toBe(notes.length);
        });
      } finally {
        await server.close();
      }
    });
  });
};
