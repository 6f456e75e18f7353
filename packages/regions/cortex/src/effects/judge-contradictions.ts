import type { MemoryEntry } from '@engram/kernel';
import { CONTRADICTION_PURPOSE, CONTRADICTION_SYSTEM, CONTRADICTION_TOOL, ContradictionVerdictSchema, contradictionPrompt, judgedContradictions } from '../contradiction/contradiction-judge.js';
import type { ContradictionParams } from '../contradiction/contradiction-params.js';
import { contradictionCandidates, type Contradiction } from '../contradiction/find-contradictions.js';
import type { StructuredModel } from './structured-model.js';

/**
 * The model judge: one structured call (`ContradictionVerdict`, purpose `contradiction`, recorded
 * by the LLM port as `llm.call.completed`) over the active entries that share a subject word
 * with the new one. No candidate: no call. A failed call returns null, and the caller falls back
 * to the heuristic, so a model outage never lets a contradiction through unjudged.
 */
export const judgeContradictions = async (model: StructuredModel, text: string, kind: string | null, entries: readonly MemoryEntry[], params: ContradictionParams): Promise<Contradiction[] | null> => {
  const candidates = contradictionCandidates(text, kind, entries, params);
  if (candidates.length === 0) return [];
  try {
    const verdict = await model.generateObject(ContradictionVerdictSchema, {
      system: CONTRADICTION_SYSTEM,
      messages: [{ role: 'user', content: contradictionPrompt(text, kind, candidates) }],
      role: 'coding',
      purpose: CONTRADICTION_PURPOSE,
      name: CONTRADICTION_TOOL,
    });
    return judgedContradictions(verdict, candidates);
  } catch {
    return null;
  }
};
