import { validateData } from '@engram/events';
import type { EventSink } from '@engram/kernel';
import { sequentialIds } from '@engram/kernel';
import { createLlmClient, type LlmClient, type LlmClientOptions, type ProviderConfig } from '../index.js';
import { FAKE_KEY, type FakeLlmServer } from './fake-llm-server.js';

export type ProviderKind = 'anthropic' | 'openai' | 'openai-json';

export interface TestClient {
  readonly client: LlmClient;
  readonly events: { type: string; data: Record<string, unknown> }[];
  /** The waits the retry policy asked for (nobody actually waits). */
  readonly delays: number[];
}

export const providerFor = (kind: ProviderKind, server: FakeLlmServer, key = FAKE_KEY): ProviderConfig => {
  switch (kind) {
    case 'anthropic':
      return { type: 'anthropic', apiKey: key, baseUrl: server.url };
    case 'openai':
      return { type: 'openai', baseUrl: server.openAiUrl, apiKey: key };
    case 'openai-json':
      return {
        type: 'openai',
        baseUrl: server.openAiUrl,
        apiKey: key,
        structuredMode: 'json_schema',
      };
  }
};

export const MODELS = {
  planning: 'claude-sonnet-5-5',
  coding: 'claude-haiku-5-5',
} as const;

/** A client whose retry waits are recorded, not slept, with fixed jitter and ids. */
export const testClient = async (provider: ProviderConfig, extra: Partial<LlmClientOptions> = {}): Promise<TestClient> => {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const delays: number[] = [];
  // Like the bus with validation on: an event that breaks its schema fails the test.
  const sink: EventSink = {
    publish: (type, data) => {
      const issues = validateData(type, data);
      if (issues.length > 0) throw new Error(`invalid ${type}: ${JSON.stringify(issues)}`);
      events.push({ type, data });
    },
  };
  const client = await createLlmClient({
    provider,
    models: MODELS,
    sink,
    ids: sequentialIds('call'),
    sleep: (ms) => void delays.push(ms),
    random: () => 0.5,
    retry: { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 10_000 },
    timeoutMs: 5_000,
    ...extra,
  });
  return { client, events, delays };
};
