import type { EncodeResult, SemanticStore } from '@engram/kernel';
import { IDENTITY_SYSTEM, IdentityFactsSchema, cleanFacts } from '../identity-facts.js';
import type { StructuredModel } from './structured-model.js';

export type IdentityUpdate =
  | { readonly status: 'updated'; readonly facts: readonly string[]; readonly results: readonly EncodeResult[] }
  | { readonly status: 'no-facts' }
  | { readonly status: 'failed'; readonly error: string };

/**
 * Identity extraction (anton.md §7.6) through the LLM port: asks for lasting facts about the
 * user and merges them into the global profile (a `key: value` fact replaces the older one
 * with that key, which the store does). A failed call or no facts changes nothing.
 */
export const extractIdentity = async (messages: readonly string[], global: SemanticStore, model: StructuredModel): Promise<IdentityUpdate> => {
  const text = messages.map((m) => m.trim()).filter((m) => m !== '').join('\n\n');
  if (text === '') return { status: 'no-facts' };
  let facts: string[];
  try {
    const answer = await model.generateObject(IdentityFactsSchema, { system: IDENTITY_SYSTEM, messages: [{ role: 'user', content: text }], role: 'coding', purpose: 'identity', name: 'IdentityFacts' });
    facts = cleanFacts(answer.facts);
  } catch (err) {
    return { status: 'failed', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  if (facts.length === 0) return { status: 'no-facts' };
  const results = await global.encode(facts.map((f) => ({ text: f, kind: 'profile' as const })));
  return { status: 'updated', facts, results };
};
