import type { Embedder } from '@engram/kernel';
import { EmbedderSettingError } from './embedder-setting-error.js';
import { openAiEmbedder } from './openai-embedder.js';

/**
 * The embedder the environment names: `ENGRAM_EMBEDDER_URL` (an OpenAI-compatible server) and
 * `ENGRAM_EMBED_MODEL`, with `ENGRAM_EMBEDDER_KEY` as the bearer token when the server wants one.
 * Null when no URL is set (the default: lexical ranking only). A URL without a model is an error
 * naming the missing variable (`EmbedderSettingError`), not a silent fallback.
 */
export const embedderFromEnv = (env: NodeJS.ProcessEnv, flags: { readonly url?: string | undefined; readonly model?: string | undefined } = {}): Embedder | null => {
  const url = flags.url ?? env.ENGRAM_EMBEDDER_URL ?? '';
  if (url === '') return null;
  const model = flags.model ?? env.ENGRAM_EMBED_MODEL ?? '';
  if (model === '') throw new EmbedderSettingError({ reason: 'missing-model', variable: 'ENGRAM_EMBED_MODEL', message: `an embedder URL is set (${url}) but no model: set ENGRAM_EMBED_MODEL or pass --embed-model` });
  try {
    new URL(url);
  } catch {
    throw new EmbedderSettingError({ reason: 'bad-url', variable: 'ENGRAM_EMBEDDER_URL', message: `embedder URL ${JSON.stringify(url)} is not a URL (ENGRAM_EMBEDDER_URL or --embedder)` });
  }
  const key = env.ENGRAM_EMBEDDER_KEY;
  return openAiEmbedder({ url, model, ...(key === undefined || key === '' ? {} : { apiKey: key }) });
};
