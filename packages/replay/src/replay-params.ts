import { defaultAccCoreParams, type AccCoreParams } from '@engram/acc';
import { defaultCerebellumParams, type PostMortemMode } from '@engram/cerebellum';
import { defaultConsolidationParams } from '@engram/cortex/core';
import type { AnyEnvelope } from '@engram/events';
import { defaultBrainCoreParams, type BrainCoreParams } from '@engram/runtime/cores';
import { inferPostMortem } from './infer-post-mortem.js';

/** The params every replayed core runs with: those of `brainCores`, the cores a live session attaches. */
export type ReplayParams = BrainCoreParams;

/** The runtime's defaults with this post-mortem mode; `detectors` replaces the ACC thresholds for a what-if. */
export const replayParamsWith = (postMortem: PostMortemMode, detectors?: AccCoreParams['detectors']): ReplayParams => ({
  ...defaultBrainCoreParams,
  acc: detectors === undefined ? defaultAccCoreParams : { ...defaultAccCoreParams, detectors, pinned: true },
  cerebellum: { ...defaultCerebellumParams, postMortem },
  // A session with a model (the post-mortem mode says so) attaches sleep replay; one without does not.
  consolidation: postMortem === 'llm' ? defaultConsolidationParams : null,
});

/**
 * The params a live session used, as far as the log tells: the runtime's defaults (the acc mode
 * and memory mode come from `executive.session.started`, the breaker's limits from
 * `executive.guards.configured`, which the cores read themselves) and the post-mortem mode
 * inferred from the log. `detectors` replaces the ACC thresholds for a what-if.
 */
export const replayParamsFor = (events: readonly AnyEnvelope[], detectors?: AccCoreParams['detectors']): ReplayParams => replayParamsWith(inferPostMortem(events), detectors);
