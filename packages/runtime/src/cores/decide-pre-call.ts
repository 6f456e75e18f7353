import { CALL_RECORD_SIGNATURE, callWarning, callWarningInputOf } from '@engram/cerebellum';
import { DEFAULT_STRATEGY_BUDGET, formatStrategies, rankStrategies, strategiesFromMemory, strategyInjection, type ContextInjection, type MemorySnapshot, type StrategyItem } from '@engram/cortex/core';
import type { EventData } from '@engram/events';
import { CALL_LESSON_SIGNATURE } from '@engram/executive/core';
import { callPattern } from '@engram/kernel';
import { isDetectorRuleText } from './detector-rule-text.js';
import { neverRuleExplanation, neverRuleFor } from './never-rule-warning.js';

export type PreCallRead = EventData<'cortex.precall.read'>;

/** The guarded signature of a retry warning (`call-retry:<pattern>`). */
const RETRY_SIGNATURE = 'call-retry:';
/** The guarded signature of a warning from a learned `never` rule (`never-rule:<entry id>`). */
const NEVER_RULE_SIGNATURE = 'never-rule:';

/** What the decision reads besides its read: the call, the turn so far and the read's time, all from the log (`PreCallTurnState`). */
export interface PreCallTurn {
  readonly name: string;
  /** The call's input as recorded (`executive.tool.called`). */
  readonly input: unknown;
  /** The breaker warned about the call already: no other warning is said. */
  readonly breakerWarned: boolean;
  readonly message: string;
  readonly errors: readonly string[];
  /** What is in front of the model already this turn: not shown again. */
  readonly shown: ReadonlySet<string>;
  /** What memory held (the read's snapshot, or the one recorded before it); null: nothing was ever read. */
  readonly memory: MemorySnapshot | null;
  /** When the read was made (ms): recency of what is ranked. */
  readonly nowMs: number;
}

/** A warning before the call, as `executive.tool.guarded` records it; `lessonId` names a call lesson said (its record of use counts it). */
export interface PreCallWarning {
  readonly signature: string;
  readonly failures: number;
  readonly explanation: string;
  readonly lessonId: string | null;
}

export interface PreCallAdvice {
  /** The block to put in front of the model ("" when nothing is relevant). */
  readonly text: string;
  /** What it injects (`cortex.context.injected`, target pre-call), published when `items` is not empty. */
  readonly injection: ContextInjection;
}

export interface PreCallDecision {
  readonly warning: PreCallWarning | null;
  readonly advice: PreCallAdvice;
}

const candidatesOf = (m: MemorySnapshot | null): StrategyItem[] => (m === null ? [] : strategiesFromMemory(m.global, m.project));

/**
 * The warning before a call, unless the breaker warned already: a learned `never` rule that
 * applies to it (`neverRuleFor`), else what the project's calls say (`callWarning`: an unchanged
 * retry of a pattern that failed this turn, a call lesson, a name the project found missing, or
 * the pattern's record; the last two are recorded under the record's signature), each only
 * when its estimate reaches the gate. Null when nothing is to be said.
 */
export const preCallWarning = (read: PreCallRead, t: PreCallTurn): PreCallWarning | null => {
  if (t.breakerWarned) return null;
  const never = neverRuleFor(candidatesOf(t.memory), t.name, t.input);
  if (never !== null) return { signature: `${NEVER_RULE_SIGNATURE}${never.id}`, failures: 0, explanation: neverRuleExplanation(t.name, never), lessonId: null };
  if (read.callWarning === null) return null;
  const call = callPattern(t.name, t.input);
  const w = callWarning(callWarningInputOf(read.callWarning, call, t.input));
  if (w === null) return null;
  if (w.kind === 'retry') return { signature: `${RETRY_SIGNATURE}${call.pattern}`, failures: 1, explanation: w.text, lessonId: null };
  if (w.kind === 'lesson') return { signature: `${CALL_LESSON_SIGNATURE}${w.lesson.lessonId}`, failures: 0, explanation: w.text, lessonId: w.lesson.lessonId };
  return { signature: `${CALL_RECORD_SIGNATURE}${call.pattern}`, failures: 0, explanation: w.text, lessonId: null };
};

/**
 * What the advice before a call ranks: memory's rules and lessons, then the matching recipes,
 * leaving out what is in front of the model already this turn and the detectors' fixed sentences
 * (the same words whatever the call). The read's meaning scores are taken for exactly these.
 */
export const adviceCandidates = (m: MemorySnapshot | null, recipes: PreCallRead['recipes'], shown: ReadonlySet<string>): StrategyItem[] => {
  const memory = candidatesOf(m);
  const extra: StrategyItem[] = recipes.map((r) => ({ id: r.id, kind: 'recipe', text: r.text, confidence: r.confidence, seenAt: r.seenAt, tools: r.tools }));
  const generic = memory.filter((c) => isDetectorRuleText(c.text)).map((c) => c.id);
  const exclude = generic.length === 0 ? shown : new Set([...shown, ...generic]);
  const all = [...memory, ...extra];
  return exclude.size === 0 ? all : all.filter((i) => !exclude.has(i.id));
};

/**
 * The advice before a call: the rules, lessons and matching recovery recipes relevant to it,
 * ranked (`rankStrategies`: words, fused with the recorded meaning scores when an embedder
 * ranked) and fitted to the budget, leaving out what the model was shown this turn and the
 * detectors' fixed sentences (they say nothing about any call). An item must name what the call
 * is (program, subcommand, target), never only words of a heredoc's body.
 */
export const preCallAdvice = (read: PreCallRead, t: PreCallTurn): PreCallAdvice => {
  const call = callPattern(t.name, t.input);
  const items = adviceCandidates(t.memory, read.recipes, t.shown);
  const scores = read.meaning === null ? null : new Map(read.meaning);
  const meaning = scores === null ? null : new Map(items.flatMap((i) => (scores.has(i.id) ? [[i.text, scores.get(i.id) as number] as const] : [])));
  const ranking = rankStrategies(items, {
    tool: t.name,
    turnText: [t.message, ...t.errors].join('\n'),
    args: t.input,
    callText: `${call.pattern} ${call.target ?? ''}`,
    nowMs: t.nowMs,
    budgetTokens: DEFAULT_STRATEGY_BUDGET,
    ...(meaning === null ? {} : { meaning }),
  });
  return { text: formatStrategies(ranking.chosen, t.name), injection: strategyInjection(ranking, t.name, 'pre-call') };
};

/**
 * What is shown before a call, decided from its recorded read (`cortex.precall.read`) and the
 * turn as the log holds it: the warning (or none) and the advice. Pure: the live session publishes
 * what it returns; replay calls the same halves (`preCallCores`) and `--check` compares.
 */
export const decidePreCall = (read: PreCallRead, t: PreCallTurn): PreCallDecision => ({ warning: preCallWarning(read, t), advice: preCallAdvice(read, t) });
