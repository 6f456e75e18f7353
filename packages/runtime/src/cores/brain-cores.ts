import { accCore, defaultAccCoreParams, type AccCoreParams, type AccCoreState } from '@engram/acc';
import { defaultRecipeParams, recipeCore, type RecipeParams, type RecipeState } from '@engram/basal-ganglia';
import { callLessonCore, callOutcomeCore, cerebellumCore, defaultCallLessonParams, defaultCallOutcomeParams, defaultCerebellumParams, type CallLessonParams, type CallLessonState, type CallOutcomeParams, type CallOutcomeState, type CerebellumParams, type CerebellumState } from '@engram/cerebellum';
import { consolidationCore, cortexCore, defaultConsolidationParams, memoryCore, type ConsolidationParams, type ConsolidationState, type CortexState, type MemoryCoreState } from '@engram/cortex/core';
import { defaultExecutiveParams, executiveCore, type ExecutiveParams, type ExecutiveState } from '@engram/executive/core';
import type { RegionCore } from '@engram/kernel';
import { proposalCore, type ProposalState } from './proposal-core.js';
import { preCallAdviceCore, preCallWarningCore, type PreCallCheckState } from './pre-call-cores.js';

/** Each core of the brain by id, with its state type. */
export interface BrainStates {
  readonly executive: ExecutiveState;
  readonly acc: AccCoreState;
  readonly 'basal-ganglia': RecipeState;
  readonly cerebellum: CerebellumState;
  readonly 'cerebellum.calls': CallLessonState;
  readonly 'cerebellum.outcomes': CallOutcomeState;
  readonly 'cortex.proposals': ProposalState;
  readonly 'cortex.gate': CortexState;
  readonly 'cortex.memory': MemoryCoreState;
  readonly 'executive.precall': PreCallCheckState;
  readonly 'cortex.precall': PreCallCheckState;
  readonly 'cortex.consolidation': ConsolidationState;
}

export type BrainCoreId = keyof BrainStates;

/** One core of the brain with the params it runs under. */
export interface BrainCore<K extends BrainCoreId = BrainCoreId> {
  readonly id: K;
  readonly core: RegionCore<BrainStates[K], unknown, K>;
  readonly params: unknown;
}

/** The params of every core; the simulation and what-if replays vary them. */
export interface BrainCoreParams {
  readonly executive: ExecutiveParams;
  readonly acc: AccCoreParams;
  readonly recipes: RecipeParams;
  readonly cerebellum: CerebellumParams;
  readonly callLessons: CallLessonParams;
  readonly callOutcomes: CallOutcomeParams;
  /** Sleep replay's params; null when the session has no model (nothing would ever answer its replays, and its backlog would only grow). */
  readonly consolidation: ConsolidationParams | null;
}

export const defaultBrainCoreParams: BrainCoreParams = Object.freeze({
  executive: defaultExecutiveParams,
  acc: defaultAccCoreParams,
  recipes: defaultRecipeParams,
  cerebellum: defaultCerebellumParams,
  callLessons: defaultCallLessonParams,
  callOutcomes: defaultCallOutcomeParams,
  consolidation: defaultConsolidationParams,
});

/** A core's id is its key in `BrainStates`, so the compiler holds each id to its state type (the contract test holds them unique). */
const bind = <K extends BrainCoreId, P>(core: RegionCore<BrainStates[K], P, K>, params: P): BrainCore<K> => ({ id: core.id, core, params });

/**
 * The one list of cores that derive events: a live session attaches exactly these (in this
 * order, which is the order their events reach the log for one cause) and `engram replay` folds
 * exactly these over a recorded log, so what replay proves is what the session ran.
 *
 * - executive: the breaker's verdicts (`executive.tool.guarded`) and the turn state hosts read;
 * - acc: nudges and lessons; basal-ganglia: recovery recipes; cerebellum: error classes and lessons;
 *   cerebellum.calls: lessons from a failed call and the call that then did its job;
 *   cerebellum.outcomes: the turn's runs and failures per call key, read by the warning before a call;
 * - cortex.proposals: each lesson's proposal, and each entry of the model's `memorize` calls; cortex.gate: what waits for the user
 *   (`cortex.engram.queued`); cortex.memory: what each write retires, supersedes, contradicts, queues or
 *   refuses and what the memory block injects, from the recorded reads (derives nothing live: replay
 *   checks the effect's reports against it, `check`); executive.precall and cortex.precall: the warning and
 *   the advice shown before a call, from its recorded read (`decidePreCall`; derive nothing live, `check`); cortex.consolidation (sessions with a model): sleep replay's proposals
 *   from recorded answers.
 *
 * Pure: this module loads no effects, no LLM port and no Effect (hook processes import it).
 */
export const brainCores = (p: BrainCoreParams = defaultBrainCoreParams): readonly BrainCore[] => [
  bind(executiveCore, p.executive),
  bind(accCore, p.acc),
  bind(recipeCore, p.recipes),
  bind(cerebellumCore, p.cerebellum),
  bind(callLessonCore, p.callLessons),
  bind(callOutcomeCore, p.callOutcomes),
  bind(proposalCore, {}),
  bind(cortexCore, {}),
  bind(memoryCore, {}),
  bind(preCallWarningCore, {}),
  bind(preCallAdviceCore, {}),
  ...(p.consolidation === null ? [] : [bind(consolidationCore, p.consolidation)]),
];
