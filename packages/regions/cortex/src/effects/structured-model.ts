import type { LlmClient } from '@engram/llm';

/**
 * The slice of the LLM port the cortex uses: one structured call. Typed against the port but
 * imported as a type only, so the cortex loads no provider code and tests can pass any
 * object with this method (the local fake server's client, a cassette's, a stub).
 */
export type StructuredModel = Pick<LlmClient, 'generateObject'>;
