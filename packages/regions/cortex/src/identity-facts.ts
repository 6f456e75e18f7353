import { z } from 'zod';

/** Identity extraction runs every this many turns (Anton's cadence): facts about a user change slowly. */
export const IDENTITY_EVERY_TURNS = 5;
/** Facts taken from one answer; more than this is the model summarising the conversation. */
const MAX_FACTS_PER_UPDATE = 10;
/** A fact is a short statement ("Name: Jorge"); a longer one is not an identity fact. */
const MAX_FACT_CHARS = 200;

export const IdentityFactsSchema = z.object({
  facts: z.array(z.string()).default([]).describe('Concise facts about the user, such as "Name: Jorge", "Timezone: Europe/Madrid", "Prefers: pandas over polars"'),
});

export const IDENTITY_SYSTEM = [
  'Extract lasting facts about the user from their messages: name, timezone, expertise, preferences, tools they use.',
  'Write each as a short "Key: value" statement. Ignore transient details (what they are doing right now). Return no facts if there are none.',
].join('\n');

/** True on the turns when identity extraction should run (1-based turn numbers). */
export const identityDue = (turn: number): boolean => turn > 0 && turn % IDENTITY_EVERY_TURNS === 0;

/** Trimmed, non-empty, bounded, deduped facts, at most `MAX_FACTS_PER_UPDATE`. */
export const cleanFacts = (facts: readonly string[]): string[] => {
  const out: string[] = [];
  for (const f of facts) {
    const t = f.trim();
    if (t !== '' && t.length <= MAX_FACT_CHARS && !out.includes(t)) out.push(t);
    if (out.length >= MAX_FACTS_PER_UPDATE) break;
  }
  return out;
};
