export { startFakeLlmServer, FAKE_KEY, type FakeLlmServer, type FakeReply, type ReceivedRequest } from './fake-llm-server.js';
export { testClient, providerFor, MODELS, type TestClient, type ProviderKind } from './test-llm-client.js';
export { llmFailureOf } from './llm-failure-of.js';
