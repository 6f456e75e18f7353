import { scrubSecrets, type EncodeRequest, type EngramScope, type MemoryEntry } from '@engram/kernel';
import { newEntryId } from './entry-id.js';
import { sanitizeSlug } from './sanitize-slug.js';

/** Anton's default confidence for `encode_rule` (a lesson's stays unset). */
export const RULE_DEFAULT_CONFIDENCE = 'medium';
/** Anton's default source for `encode_rule` and `encode_lesson`. */
export const DEFAULT_SOURCE = 'llm';

/**
 * A new rule or lesson as every backend stores it: Anton's defaults for missing provenance, the
 * topic scrubbed and made a slug, the section of a rule, the time, and an id from scope, kind,
 * text and time (`salt` moves it when that id is taken). `text` must already be cleaned.
 * Identity facts go through `mergeIdentity` instead.
 */
export const semanticEntry = (scope: EngramScope, request: Omit<EncodeRequest, 'text'>, text: string, at: string, salt = 0): MemoryEntry => {
  const isRule = request.kind === 'always' || request.kind === 'never' || request.kind === 'when';
  const confidence = request.confidence === undefined ? (isRule ? RULE_DEFAULT_CONFIDENCE : null) : request.confidence;
  const source = request.source === undefined ? DEFAULT_SOURCE : request.source;
  const topic = request.topic == null || request.topic === '' ? null : sanitizeSlug(scrubSecrets(request.topic));
  return {
    id: newEntryId(scope, request.kind, text, at, salt),
    text,
    kind: request.kind,
    scope,
    confidence,
    topic,
    source,
    section: isRule ? request.kind : null,
    updatedAt: at,
    ...(request.trust == null ? {} : { trust: request.trust }),
  };
};
