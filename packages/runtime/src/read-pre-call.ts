import { callWarningRead, EMPTY_OUTCOMES, knownFilesOf, type CallOutcomeState } from '@engram/cerebellum';
import { recordedMemory, type Cortex, type MemorySnapshot } from '@engram/cortex';
import type { StoredRecipe } from '@engram/hippocampus';
import { callPattern, toolTarget } from '@engram/kernel';
import { adviceCandidates, type PreCallRead } from './cores/decide-pre-call.js';
import type { FileCallLessons } from './effects/file-call-lessons.js';
import type { FileCallOutcomes } from './effects/file-call-outcomes.js';
import { recipeStrategies } from './recipe-strategies.js';

/** Where a read before a call looks: memory (and its embedder), the recipes, and the project's call record and lessons (null outside a project or with memory off). */
export interface PreCallSources {
  readonly cortex: Pick<Cortex, 'memorySnapshot' | 'adviceScores'>;
  readonly recipes: () => Promise<readonly StoredRecipe[]>;
  readonly callOutcomes: FileCallOutcomes | null;
  readonly callLessons: FileCallLessons | null;
  /** The warning from the project's calls is asked (memory mode is not off). */
  readonly callWarnings: boolean;
}

/** The call and the turn as the log holds them (`PreCallTurnState`): what the read is for. */
export interface PreCallAsk {
  readonly toolUseId: string;
  readonly name: string;
  readonly input: unknown;
  readonly breakerWarned: boolean;
  readonly turnText: string;
  readonly shown: ReadonlySet<string>;
}

/**
 * Reads what the decision before a call needs that the log does not hold (`cortex.precall.read`):
 * memory, left out when it is what the session's last read recorded (`recorded`); the recipes
 * that match the call; what `callWarning` reads, cut to the call's own keys (`callWarningRead`),
 * unless the breaker warned already or memory is off; and, with an embedder, the meaning scores
 * of exactly the items the advice ranks. Returns the read and the memory it stands for.
 */
export const readPreCall = async (src: PreCallSources, ask: PreCallAsk, recorded: MemorySnapshot | null, outcomes: CallOutcomeState): Promise<{ readonly read: PreCallRead; readonly memory: MemorySnapshot }> => {
  const memory = await src.cortex.memorySnapshot();
  const call = callPattern(ask.name, ask.input);
  const recipes = recipeStrategies(await src.recipes(), ask.name, toolTarget(ask.input)).map((r) => ({
    id: r.id,
    text: r.text,
    confidence: typeof r.confidence === 'number' ? r.confidence : 0,
    seenAt: r.seenAt === null || Number.isNaN(r.seenAt) ? null : r.seenAt,
    tools: [...(r.tools ?? [])],
  }));
  const callWarning =
    ask.breakerWarned || !src.callWarnings
      ? null
      : callWarningRead({
          call,
          input: ask.input,
          stored: src.callOutcomes?.list().outcomes ?? EMPTY_OUTCOMES,
          turn: outcomes.turn,
          latest: outcomes.latest,
          written: outcomes.written,
          gone: outcomes.gone,
          known: knownFilesOf(outcomes),
          lessons: src.callLessons?.list().lessons ?? [],
        });
  const items = adviceCandidates(memory, recipes, ask.shown);
  const meaning = await src.cortex.adviceScores({ tool: ask.name, turnText: ask.turnText, args: ask.input, callText: `${call.pattern} ${call.target ?? ''}` }, items);
  return { read: { toolUseId: ask.toolUseId, memory: recordedMemory(memory, recorded), recipes, callWarning, meaning }, memory };
};
