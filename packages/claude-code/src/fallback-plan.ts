import type { AnyEnvelope, EventData } from '@engram/events';
import { matchesToolTarget, normalizeToolTarget, toolTarget, toolTargetGlob } from '@engram/kernel';
import type { FallbackChainConfig, FallbackStepConfig } from './fallback-config.js';
import type { JsonObject } from './payload-fields.js';
import { compareCodeUnits } from '@engram/kernel';

type Resolved = EventData<'executive.fallback.resolved'>;
type Attempt = Resolved['attempts'][number];

/** Longest error kept per attempt, as the runtime's own chains keep: enough for a reader and the signature. */
const MAX_ATTEMPT_ERROR_CHARS = 500;

const FILE_KIND = /^\*\.[A-Za-z0-9]+$/;

/** Whether a chain's `match.target` (exact, `*.ext`, or `*`) covers a call's target. */
const covers = (pattern: string | null, target: string | null): boolean => {
  if (pattern === null || pattern.trim() === '*') return true;
  if (target === null) return false;
  return matchesToolTarget({ exact: normalizeToolTarget(pattern), glob: FILE_KIND.test(pattern.trim()) ? pattern.trim().toLowerCase() : null }, target);
};

/** The kind of target a step that worked carries over to: `*.cbl` for files, else the target itself (as the runtime keys it). */
const kindOf = (target: string | null): string => (target === null ? '*' : (toolTargetGlob(target) ?? normalizeToolTarget(target)));

const sameTarget = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : normalizeToolTarget(a) === normalizeToolTarget(b));

/** The project's chain for this call (the first that names the tool and covers the target), or null. */
export const chainFor = (chains: readonly FallbackChainConfig[], tool: string, input: JsonObject): FallbackChainConfig | null =>
  chains.find((c) => c.tool === tool && covers(c.target, toolTarget(input))) ?? null;

const canonical = (x: unknown): string => JSON.stringify(x, (_k, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as JsonObject).sort(([a], [b]) => compareCodeUnits(a, b))) : v));

/**
 * Which step of the chain an input is: the step whose patch it carries, the most specific one
 * when several fit (an empty patch fits every input, so it is the default); null when no step fits.
 */
export const stepOf = (chain: FallbackChainConfig, input: JsonObject): FallbackStepConfig | null => {
  let best: FallbackStepConfig | null = null;
  for (const s of chain.steps) {
    const keys = Object.keys(s.patch);
    if (keys.every((k) => canonical(input[k]) === canonical(s.patch[k])) && (best === null || keys.length > Object.keys(best.patch).length)) best = s;
  }
  return best;
};

/** The input for a step: the model's own input (without the current step's patch) with the step's patch over it. */
const inputFor = (input: JsonObject, current: FallbackStepConfig | null, step: FallbackStepConfig): JsonObject => {
  const base = Object.fromEntries(Object.entries(input).filter(([k]) => current === null || !(k in current.patch)));
  return { ...base, ...step.patch };
};

/** The step that last worked for this tool on this kind of target, from the session's `executive.fallback.resolved` events. */
const preferredStep = (chain: FallbackChainConfig, target: string | null, events: readonly AnyEnvelope[]): FallbackStepConfig | null => {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as AnyEnvelope;
    if (e.type === 'executive.fallback.resolved' && e.data.tool === chain.tool && e.data.worked !== null && kindOf(e.data.target) === kindOf(target)) return chain.steps.find((s) => s.name === e.data.worked) ?? null;
  }
  return null;
};

/**
 * Before a call: when the model makes the chain's first (default) step on a kind of target where
 * another step worked earlier in the session, the call is made with that step instead.
 */
export const preCallFallback = (chain: FallbackChainConfig, input: JsonObject, events: readonly AnyEnvelope[]): { readonly step: FallbackStepConfig; readonly input: JsonObject } | null => {
  const step = stepOf(chain, input);
  const preferred = preferredStep(chain, toolTarget(input), events);
  if (preferred === null || step !== chain.steps[0] || preferred === step) return null;
  return { step: preferred, input: inputFor(input, step, preferred) };
};

/**
 * The attempts of the chain run still open for this tool and target: its calls' results since
 * the turn started, the last success, or the last recorded resolution, whichever is latest.
 */
export const openRun = (chain: FallbackChainConfig, target: string | null, events: readonly AnyEnvelope[]): Attempt[] => {
  const inputs = new Map<string, JsonObject>();
  let run: Attempt[] = [];
  for (const e of events) {
    if (e.type === 'executive.turn.started') run = [];
    else if (e.type === 'executive.tool.called' && e.data.name === chain.tool && typeof e.data.input === 'object' && e.data.input !== null && sameTarget(toolTarget(e.data.input), target)) inputs.set(e.data.toolUseId, e.data.input as JsonObject);
    else if (e.type === 'executive.tool.resulted' && inputs.has(e.data.toolUseId)) {
      if (e.data.ok) run = [];
      else run.push({ step: stepOf(chain, inputs.get(e.data.toolUseId) ?? {})?.name ?? '(outside the chain)', ok: false, error: e.data.error.slice(0, MAX_ATTEMPT_ERROR_CHARS) });
    } else if (e.type === 'executive.fallback.resolved' && e.data.tool === chain.tool && sameTarget(e.data.target, target)) run = [];
  }
  return run;
};

export interface PostCallPlan {
  /** What to record as `executive.fallback.resolved`, when the run is over (a step worked, or every step failed). */
  readonly resolved: Resolved | null;
  /** What to tell the model. */
  readonly advice: string;
}

/**
 * After a call of a tool with a chain: a failure moves to the next untried step (the one that
 * worked on this kind of target first, then the chain's order) and tells the model the exact
 * input to retry with; a success after failures, or a failure of the last step, ends the run and
 * is recorded. `events` are the session's events before this call's result; `input` is the
 * model's input (what a retry is based on), `ranWith` what the call ran with (engram may have
 * applied a step before it ran).
 */
export const postCallFallback = (chain: FallbackChainConfig, input: JsonObject, outcome: { readonly ok: boolean; readonly error: string }, events: readonly AnyEnvelope[], ranWith: JsonObject = input): PostCallPlan | null => {
  const step = stepOf(chain, ranWith);
  if (step === null) return null;
  const target = toolTarget(input);
  const run = openRun(chain, target, events);
  const attempts = [...run, { step: step.name, ok: outcome.ok, error: outcome.ok ? '' : outcome.error.slice(0, MAX_ATTEMPT_ERROR_CHARS) }];
  const on = target === null ? '' : ` on ${target}`;
  if (outcome.ok) {
    if (run.length === 0) return null;
    return { resolved: { tool: chain.tool, target, attempts, worked: step.name }, advice: `engram: fallback step "${step.name}" of ${chain.tool} worked${on}; engram will use it for ${kindOf(target)} from now on in this session.` };
  }
  const preferred = preferredStep(chain, target, events);
  const ordered = preferred === null ? chain.steps : [preferred, ...chain.steps.filter((s) => s !== preferred)];
  const tried = new Set(attempts.map((a) => a.step));
  const next = ordered.find((s) => !tried.has(s.name));
  if (next === undefined)
    return {
      resolved: { tool: chain.tool, target, attempts, worked: null },
      advice: `engram: every step of the ${chain.tool} fallback chain failed${on} (${attempts.map((a) => a.step).join(', ')}). Do not retry it the same way: try another approach or tell the user.`,
    };
  return {
    resolved: null,
    advice: `engram: ${chain.tool} failed${on} with fallback step "${step.name}". The project's fallback chain says to try step "${next.name}" next: retry the same call with exactly this input: ${JSON.stringify(inputFor(input, step, next))}`,
  };
};
