import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A tiny vocabulary of meanings for tests: words of one group map to one concept, so a paraphrase
 * sharing no word with a text (no stem either) still lands near it. Everything else hashes by its
 * own characters. Written for the tests; it says nothing of a real model's quality.
 */
const CONCEPTS: readonly (readonly string[])[] = [
  ['car', 'automobile', 'vehicle', 'sedan'],
  ['fix', 'repair', 'mend', 'mended', 'fixed', 'repaired', 'mechanic'],
  ['gearbox', 'transmission'],
  ['dog', 'puppy', 'hound', 'canine'],
  ['happy', 'glad', 'joyful', 'delighted'],
  ['trip', 'journey', 'voyage', 'travel'],
];
const CONCEPT = new Map(CONCEPTS.flatMap((group, i) => group.map((w) => [w, `#${i}`] as const)));

const hash = (s: string): number => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

/**
 * The test embedding: each word replaced by its concept when it has one, then its character
 * trigrams (with word boundaries) hashed into `dim` buckets, counted; deterministic, no model.
 */
export const testEmbedding = (text: string, dim: number): number[] => {
  const v = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9']+/g) ?? []) {
    const w = ` ${CONCEPT.get(word) ?? word} `;
    for (let i = 0; i + 3 <= w.length; i++) v[hash(w.slice(i, i + 3)) % dim]! += 1;
  }
  return v;
};

export interface EmbeddingsServer {
  /** The base URL (`http://127.0.0.1:PORT/v1`, `https://` with `tls`). */
  readonly url: string;
  /** Requests answered so far, and texts embedded. */
  readonly requests: () => number;
  readonly texts: () => number;
  /** While true every request is answered HTTP 503 (a server that is down for the model). */
  failing: boolean;
  /** The dimension of the vectors answered from now on: set it to serve another model under the same name (a tag pulled again). */
  dim: number;
  /** The Authorization header of the last request ('' when none). */
  readonly lastAuthorization: () => string;
  close(): Promise<void>;
}

/**
 * A real OpenAI-compatible embeddings server on 127.0.0.1 (node:http, a free port) answering
 * `POST /v1/embeddings` with `embedding` vectors (default `testEmbedding`) in OpenAI's response
 * shape. Tests start one.
 */
export const startEmbeddingsServer = async (
  options: {
    readonly dim?: number;
    readonly embedding?: (text: string, dim: number) => number[];
    /** HTTPS with this key and certificate (PEM), as a hosted API answers: the URL is then `https://`. */
    readonly tls?: { readonly key: string; readonly cert: string };
  } = {},
): Promise<EmbeddingsServer> => {
  const embedding = options.embedding ?? testEmbedding;
  let requests = 0;
  let texts = 0;
  let auth = '';
  const state = { failing: false, dim: options.dim ?? 64 };
  const handle: Parameters<typeof createServer>[1] = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      auth = req.headers.authorization ?? '';
      const reply = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (state.failing) return reply(503, { error: { message: 'model is loading' } });
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return reply(404, { error: { message: `no route ${req.method} ${req.url}` } });
      let body: { model?: unknown; input?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return reply(400, { error: { message: 'body is not JSON' } });
      }
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      if (!Array.isArray(input) || !input.every((t) => typeof t === 'string') || typeof body.model !== 'string') return reply(400, { error: { message: 'expected { model, input: string[] }' } });
      texts += input.length;
      reply(200, { object: 'list', model: body.model, data: input.map((t: string, index) => ({ object: 'embedding', index, embedding: embedding(t, state.dim) })), usage: { prompt_tokens: 0, total_tokens: 0 } });
    });
  };
  const server: Server = options.tls === undefined ? createServer(handle) : createTlsServer(options.tls, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}/v1`,
    requests: () => requests,
    texts: () => texts,
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    get dim() {
      return state.dim;
    },
    set dim(v: number) {
      state.dim = v;
    },
    lastAuthorization: () => auth,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
