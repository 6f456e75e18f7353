import { scrubSecrets } from '@engram/kernel';
import type { RequestSummary } from './cassette.js';
import type { LlmRequest } from './llm-types.js';

/** Characters of the last user message kept in summaries and miss errors. */
const EXCERPT_CHARS = 120;

/** The text of the last user message (tool results included): what most matchers key on. */
export const lastUserText = (r: LlmRequest): string => {
  const last = [...r.messages].reverse().find((m) => m.role === 'user');
  if (last === undefined) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content
    .map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? b.content : ''))
    .filter((t) => t !== '')
    .join('\n');
};

/** Scrubbed before it is cut (summaries are recorded and shown in errors), so a cut cannot leave part of a secret unrecognised. */
const excerpt = (text: string): string => {
  const flat = scrubSecrets(text).replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
};

export const summariseRequest = (r: LlmRequest): RequestSummary => ({
  purpose: r.purpose,
  role: r.role,
  model: r.model,
  maxTokens: r.maxTokens,
  tools: r.tools.map((t) => t.name),
  forcedTool: r.toolChoice.type === 'tool' ? r.toolChoice.name : null,
  lastUser: excerpt(lastUserText(r)),
});
