import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, MODELS, startFakeLlmServer, type FakeLlmServer, type FakeReply, type ReceivedRequest } from '@engram/llm/testing';
import { replayLogFile } from '@engram/replay';
import { createBrain, type BrainOptions } from '@engram/runtime';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

/** A message as the Anthropic SDK sent it to the server. */
export interface WireMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly Record<string, unknown>[];
}

export interface ChatHarness {
  readonly server: FakeLlmServer;
  /** Replies to the session's turn calls, in order (forced structured calls are answered apart). */
  readonly turnReplies: FakeReply[];
  /** The summary the model gives when asked to compact the conversation. */
  summary: string;
  /** A brain on the fake server (Anthropic through the real SDK, or OpenAI-compatible through fetch), in fresh folders. */
  brain(options?: Partial<BrainOptions>, api?: 'anthropic' | 'openai'): ReturnType<typeof createBrain>;
  /** The turn calls the server received, in order. */
  turnRequests(): ReceivedRequest[];
  /** The forced structured calls the server received for `toolName`. */
  structured(toolName: string): ReceivedRequest[];
  /** Replays the session's log with `--check` and expects no divergence. */
  expectReplayClean(eventLog: string): void;
}

/** The forced tool of a structured call (Anthropic's `tool_choice` or OpenAI's), null for a turn call. */
const forced = (r: ReceivedRequest): string | null => {
  const choice = r.body['tool_choice'] as { type?: string; name?: string; function?: { name?: string } } | string | undefined;
  if (typeof choice !== 'object') return null;
  if (choice.type === 'tool') return choice.name ?? null;
  return choice.type === 'function' ? (choice.function?.name ?? null) : null;
};

/** Forced calls other than the summary (post-mortems, consolidation, identity) get an empty answer of their usual shapes. */
const structuredAnswer = (name: string, summary: string): unknown => (name === 'ConversationSummary' ? { summary } : { lessons: [], facts: [], items: [] });

/**
 * One local fake Anthropic server per file (registers its own vitest hooks) and brains whose
 * model is that server, through the real SDK. Turn calls are answered from `turnReplies`;
 * structured calls by their forced tool's name.
 */
export const chatHarness = (): ChatHarness => {
  let server: FakeLlmServer | undefined;
  const h: ChatHarness = {
    get server() {
      if (server === undefined) throw new Error('the fake server is not running');
      return server;
    },
    turnReplies: [],
    summary: '',
    brain: (options = {}, api = 'anthropic') => {
      const root = mkdtempSync(join(tmpdir(), 'engram-chat-'));
      return createBrain({
        home: join(root, 'home'),
        project: join(root, 'project'),
        modes: { memory: 'off', acc: 'active', episodic: false },
        env: {},
        instincts: { auto: false },
        llm: {
          options: {
            provider: api === 'anthropic' ? { type: 'anthropic', apiKey: FAKE_KEY, baseUrl: h.server.url } : { type: 'openai', apiKey: FAKE_KEY, baseUrl: h.server.openAiUrl },
            models: MODELS,
            retry: { maxRetries: 0 },
          },
        },
        ...options,
      });
    },
    turnRequests: () => h.server.requests.filter((r) => forced(r) === null),
    structured: (toolName) => h.server.requests.filter((r) => forced(r) === toolName),
    expectReplayClean: (eventLog) => {
      const r = replayLogFile(eventLog, { check: true });
      if (!r.ok) throw new Error(`unreadable log: ${String(r.error)}`);
      expect(r.problems).toEqual([]);
      expect(r.replay.divergences ?? []).toEqual([]);
    },
  };
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    h.server.reset();
    h.turnReplies.length = 0;
    h.summary = '';
    h.server.setFallback((req) => {
      const name = forced(req);
      if (name !== null) return { kind: 'tool', name, input: structuredAnswer(name, h.summary) };
      return h.turnReplies.shift() ?? { kind: 'status', status: 400, message: 'the test scripted no more turn replies' };
    });
  });
  return h;
};

/** The messages of a received request. */
export const messagesOf = (r: ReceivedRequest | undefined): WireMessage[] => (r?.body['messages'] ?? []) as WireMessage[];

/** The text of every block of a request's messages, flattened, for "does it mention X" checks. */
export const textOf = (messages: readonly WireMessage[]): string => JSON.stringify(messages);
