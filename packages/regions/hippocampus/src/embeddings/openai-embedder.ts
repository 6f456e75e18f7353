import { EmbedderError, type Embedder } from '@engram/kernel';

/** Texts sent per request: servers cap a request's inputs (OpenAI 2,048; llama.cpp by its batch size); 64 stays under every cap we know. */
export const EMBED_BATCH = 64;
/** One request's time limit: a local model embeds a batch in well under this; a dead server must not hang a recall. */
export const EMBED_TIMEOUT_MS = 15_000;

export interface OpenAiEmbedderOptions {
  /** The server's base URL, with or without `/v1` (`http://127.0.0.1:11434/v1`). */
  readonly url: string;
  readonly model: string;
  /** Sent as a bearer token; never logged, never in an error. */
  readonly apiKey?: string;
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

/** The embeddings endpoint of a base URL: `.../v1/embeddings` whether or not the URL ends in `/v1`. */
export const embeddingsEndpoint = (url: string): string => {
  const base = url.replace(/\/+$/, '');
  if (base.endsWith('/embeddings')) return base;
  return /\/v\d+$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
};

const readVectors = (body: unknown, count: number, where: string): Float32Array[] => {
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length !== count) throw new EmbedderError('bad-response', `${where}: expected ${count} embeddings in "data", got ${Array.isArray(data) ? data.length : 'none'}`);
  const out: Float32Array[] = new Array<Float32Array>(count);
  data.forEach((d: unknown, i) => {
    const { embedding, index } = d as { embedding?: unknown; index?: unknown };
    const at = typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count ? index : i;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new EmbedderError('bad-response', `${where}: data[${i}].embedding is not a list of numbers`);
    out[at] = Float32Array.from(embedding as number[]);
  });
  const dim = out[0]?.length;
  if (out.some((v) => v === undefined || v.length !== dim)) throw new EmbedderError('bad-response', `${where}: embeddings of different dimensions in one answer`);
  return out;
};

/**
 * An `Embedder` over an OpenAI-compatible `POST /v1/embeddings` (OpenAI, Ollama, llama.cpp's
 * server, vLLM, LM Studio): texts sent `EMBED_BATCH` at a time, each request bounded by a timeout,
 * every failure an `EmbedderError` naming the endpoint (never the key).
 */
export const openAiEmbedder = (options: OpenAiEmbedderOptions): Embedder => {
  const endpoint = embeddingsEndpoint(options.url);
  const batch = Math.max(1, options.batchSize ?? EMBED_BATCH);
  const timeoutMs = options.timeoutMs ?? EMBED_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey !== undefined && options.apiKey !== '') headers.authorization = `Bearer ${options.apiKey}`;
  const request = async (input: readonly string[]): Promise<Float32Array[]> => {
    let res: Response;
    try {
      res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ model: options.model, input }), signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new EmbedderError('timeout', `${endpoint}: no answer within ${timeoutMs} ms`);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new EmbedderError('unreachable', `${endpoint}: cannot connect (${cause?.code ?? cause?.message ?? (err as Error).message})`);
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ');
      throw new EmbedderError('http', `${endpoint}: HTTP ${res.status}${text === '' ? '' : `: ${text}`} (model ${options.model})`, res.status);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new EmbedderError('bad-response', `${endpoint}: the answer is not JSON`);
    }
    return readVectors(body, input.length, endpoint);
  };
  return {
    model: options.model,
    location: endpoint,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batch) out.push(...(await request(texts.slice(i, i + batch))));
      return out;
    },
  };
};
