import { FileEpisodeStore, textHash } from '@engram/hippocampus';
import type { Brain } from './create-brain.js';

/** Which ranking a brain's recall, memory block and advice use (`engram memory stats`). */
export interface RankingStatus {
  readonly ranking: 'lexical' | 'lexical+embeddings';
  readonly model: string | null;
  /** The embeddings endpoint (never a key), or null. */
  readonly embedder: string | null;
  /** The project's episodes with a vector of the model, of those indexed (null outside a project, or words only). */
  readonly episodes: { readonly embedded: number; readonly items: number } | null;
  /**
   * Memory entries' vectors of the model: texts stored (`stored`, also of entries since edited or
   * removed), and the current rules' and lessons' texts without one (`stale`: written while the
   * embedder failed, or before the model changed; embedded when a block next ranks them). Null when words only.
   */
  readonly entries: { readonly stored: number; readonly stale: number; readonly items: number } | null;
}

/** The brain's ranking: words only, or words and the embedder's meaning, with how much is embedded so far. */
export const rankingStatus = async (brain: Brain): Promise<RankingStatus> => {
  const embedder = brain.embedder;
  if (embedder === null) return { ranking: 'lexical', model: null, embedder: null, episodes: null, entries: null };
  const stores = brain.stores;
  let episodes: RankingStatus['episodes'] = null;
  const store = stores.episodes === 'sqlite' ? (brain.paths.project === null ? null : new FileEpisodeStore({ projectDir: brain.paths.project, embedder })) : stores.episodes;
  if (store !== null) {
    const r = await store.ranking?.();
    if (r?.kind === 'lexical+embeddings') episodes = { embedded: r.embedded, items: r.items };
    if (stores.episodes === 'sqlite') await store.close();
  }
  const vectors = stores.textVectors;
  let entries: RankingStatus['entries'] = null;
  if (vectors !== undefined) {
    const texts = new Set<string>();
    for (const store of [stores.semantic.global, stores.semantic.project]) {
      if (store === null) continue;
      const snap = await store.read();
      for (const e of [...snap.rules, ...snap.lessons]) texts.add(e.text);
    }
    const have = await vectors.get(embedder.model, [...texts].map(textHash));
    entries = { stored: await vectors.count(embedder.model), stale: texts.size - have.size, items: texts.size };
  }
  return { ranking: 'lexical+embeddings', model: embedder.model, embedder: embedder.location, episodes, entries };
};

/** The status as one line of `engram memory stats`. */
export const rankingLine = (s: RankingStatus): string =>
  s.ranking === 'lexical'
    ? 'ranking                  lexical (words only; --embedder URL --embed-model NAME adds meaning)'
    : `ranking                  lexical+embeddings (model ${s.model} at ${s.embedder}${s.episodes === null ? '' : `; episodes ${s.episodes.embedded} of ${s.episodes.items} embedded`}${s.entries === null ? '' : `; entries ${s.entries.items - s.entries.stale} of ${s.entries.items} embedded, ${s.entries.stale} stale, ${s.entries.stored} vectors stored`})`;
