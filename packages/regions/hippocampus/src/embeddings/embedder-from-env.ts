import type { Embedder } from '@engram/kernel';
import { openAiEmbedder } from './openai-embedder.js';

/**
 * The embedder the environment names: `ENGRAM_EMBEDDER_URL` (an OpenAI-compatible server) and
 * `ENGRAM_EMBED_MODEL`, with `ENGRAM_EMBEDDER_KEY` as the bearer token when the server wants one.
 * Null when no URL is set (the default: lexical ranking only). A URL without a model is an error
 * naming the missing variable, not a silent fallback.
 */
export const embedderFromEnv = (env: NodeJS.ProcessEnv, flags: { readonly url?: string | undefined; readonly model?: string | undefined } = {}): Embedder | null => {
  const url = flags.url ?? env.ENGRAM_EMBEDDER_URL ?? '';
  if (url === '') return null;
  const model = flags.model ?? env.ENGRAM_EMBED_MODEL ?? '';
  if (model === '') throw new Error(`an embedder URL is set (${url}) but no model: set ENGRAM_EMBED_MODEL or pass --embed-model`);
  try {
    new URL(url);
  } catch {
    throw new Error(`embedder URL ${JSON.stringify(url)} is not a URL (ENGRAM_EMBEDDER_URL or --embedder)`);
  }
  const key = env.ENGRAM_EMBEDDER_KEY;
  return openAiEmbedder({ url, model, ...(key === undefined || key === '' ? {} : { apiKey: key }) });
};
