import { FileEpisodeStore } from '@engram/hippocampus';
import type { Brain } from './create-brain.js';

/** Which ranking a brain's recall, memory block and advice use (`engram memory stats`). */
export interface RankingStatus {
  readonly ranking: 'lexical' | 'lexical+embeddings';
  readonly model: string | null;
  /** The embeddings endpoint (never a key), or null. */
  readonly embedder: string | null;
  /** The project's episodes with a vector of the model, of those indexed (null outside a project, or words only). */
  readonly episodes: { readonly embedded: number; readonly items: number } | null;
  /** Memory entry texts with a vector of the model (embedded the first time a block ranks them), or null. */
  readonly entries: number | null;
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
  const entries = stores.textVectors === undefined ? null : await stores.textVectors.count(embedder.model);
  return { ranking: 'lexical+embeddings', model: embedder.model, embedder: embedder.location, episodes, entries };
};

/** The status as one line of `engram memory stats`. */
export const rankingLine = (s: RankingStatus): string =>
  s.ranking === 'lexical'
    ? 'ranking                  lexical (words only; --embedder URL --embed-model NAME adds meaning)'
    : `ranking                  lexical+embeddings (model ${s.model} at ${s.embedder}${s.episodes === null ? '' : `; episodes ${s.episodes.embedded} of ${s.episodes.items} embedded`}${s.entries === null ? '' : `; ${s.entries} entry texts embedded`})`;
