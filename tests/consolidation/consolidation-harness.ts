import { createBus, type Bus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { sequentialIds } from '@engram/kernel';
import { createLlmClient, type LlmClient } from '@engram/llm';
import { FAKE_KEY, MODELS, startFakeLlmServer, type FakeLlmServer } from '@engram/llm/testing';
import { attachCore, type AttachedCore } from '@engram/runtime';
import { consolidationCore, defaultConsolidationParams, type ConsolidationState } from '@engram/cortex';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface ConsolidationHarness {
  readonly server: FakeLlmServer;
  readonly bus: Bus;
  readonly core: AttachedCore<ConsolidationState>;
  /** Every event published on the bus, in order. */
  readonly seen: AnyEnvelope[];
  /** The LLM port on the local fake Anthropic server (through the real SDK), publishing its call records on the bus. */
  readonly llm: () => Promise<LlmClient>;
}

/**
 * A consolidation core on a fresh bus before each test, and one local fake Anthropic server for
 * the file (registers its own vitest hooks). Read the fields inside tests: they change per test.
 */
export const consolidationHarness = (sessionId: string): ConsolidationHarness => {
  const h = { seen: [] as AnyEnvelope[] } as { -readonly [K in keyof ConsolidationHarness]: ConsolidationHarness[K] };
  beforeAll(async () => {
    h.server = await startFakeLlmServer();
  });
  afterAll(async () => {
    await h.server.close();
  });
  beforeEach(() => {
    h.server.reset();
    h.bus = createBus({ sessionId, ids: sequentialIds('evt'), validate: true });
    h.seen = [];
    h.bus.subscribe('test', (e) => h.seen.push(e));
    h.core = attachCore(h.bus, consolidationCore, defaultConsolidationParams);
  });
  h.llm = () => createLlmClient({ provider: { type: 'anthropic', apiKey: FAKE_KEY, baseUrl: h.server.url }, models: MODELS, sink: h.bus, ids: sequentialIds('call'), retry: { maxRetries: 0 }, sleep: () => undefined });
  return h;
};
