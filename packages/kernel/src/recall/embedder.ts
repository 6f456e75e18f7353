import { TaggedError } from '../tagged-error.js';

/**
 * The port to a model that turns texts into vectors (an OpenAI-compatible `/v1/embeddings` server:
 * a local Ollama, llama.cpp or vLLM, or a hosted API). Off unless the user configures one: the
 * ranking is then lexical only. `model` is recorded with every stored vector, so a change of model
 * is noticed and the old vectors are not compared with the new.
 */
export interface Embedder {
  readonly model: string;
  /** Where it answers, for messages (never holds a key). */
  readonly location: string;
  /** One vector per text, in order, all of one dimension. Rejects with an `EmbedderError`. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Why an embedder failed: closed, so a caller can switch on it and say what to fix. */
export type EmbedderFailure = 'unreachable' | 'timeout' | 'http' | 'bad-response';

/** The one failure of the port; the message names the server and never holds the API key. */
export class EmbedderError extends TaggedError('EmbedderError')<{ readonly reason: EmbedderFailure; readonly message: string; readonly status: number | undefined }> {
  constructor(reason: EmbedderFailure, message: string, status?: number) {
    super({ reason, message, status });
  }
}

/**
 * Meaning for memory entries (rules, lessons, when-rules): their vectors made when they are
 * written and kept beside them, and each entry's similarity to a message when a block or advice is
 * ranked. Implemented over an `Embedder` and a vector store (`textMeaning` in @engram/hippocampus).
 */
export interface EntryMeaning {
  /** Each entry's text -> its cosine to `message` (entries still without a vector are embedded first, in batches). */
  rank(message: string, entries: readonly { readonly text: string }[]): Promise<ReadonlyMap<string, number>>;
  /** Embeds and keeps the texts that have no vector of the model yet (write time, in batches); returns how many were embedded. */
  embed(texts: readonly string[]): Promise<number>;
}
