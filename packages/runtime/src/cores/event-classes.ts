import type { AnyEnvelope, EventType } from '@engram/events';
import type { BrainCoreId } from './brain-cores.js';

/**
 * What `engram replay --check` does with each event type:
 * - `derived`: a core of `brainCores` derives it; replay re-derives it and compares (type, data,
 *   causation). `givenWhen` names the few recorded events of the type that are inputs instead.
 * - `answer`: a store's answer or a host's report whose derivable fields replay checks
 *   (`storeAnswerCore`, `reportCheckCore`); `given` lists what is read as recorded.
 * - `recorded`: an input (what a host, a user, a tool, a cell, a model or the machinery
 *   reported); read as given, with the reason.
 */
export type EventClass =
  | { readonly kind: 'derived'; readonly by: readonly BrainCoreId[]; readonly givenWhen?: { readonly test: (e: AnyEnvelope) => boolean; readonly reason: string; readonly unlessRead?: AfterRead } }
  | { readonly kind: 'answer'; readonly given: readonly string[]; readonly reason: string; readonly afterRead?: AfterRead }
  | { readonly kind: 'recorded'; readonly reason: string };

/**
 * An answer checked only when the log holds the read it was decided against (`cortex.candidates.read`,
 * `cortex.context.read`): `key` names that read (`readKeyOf`), null when the event names none. Logs
 * written before reads were recorded keep these events as given, and `--check` says so (`reason`).
 */
interface AfterRead {
  readonly key: (e: AnyEnvelope) => string | null;
  readonly reason: string;
}

const OLDER = 'recorded before the memory core\'s reads were: decided against what memory held then, which this log does not hold';

/** The key a recorded read is found under by the answers it explains: a write's read by its proposal, the memory block's and a call's by their own id. */
export const readKeyOf = (e: AnyEnvelope): string | null =>
  e.type === 'cortex.candidates.read' ? `proposal:${e.data.proposalId}` : e.type === 'cortex.context.read' || e.type === 'cortex.precall.read' ? `read:${e.id}` : null;

/** Signatures of the warnings said before a call from what was read for it (memory, the project's calls), not the breaker's. */
const PRE_CALL_SIGNATURES = ['never-rule:', 'call-lesson:', 'call-retry:', 'call-record:'] as const;

const isPreCallWarning = (e: AnyEnvelope): boolean => e.type === 'executive.tool.guarded' && PRE_CALL_SIGNATURES.some((p) => e.data.signature.startsWith(p));

/**
 * The read a recorded event was decided at, when it was (the warning and the advice before a call
 * name their `cortex.precall.read` as their cause): replay derives them at the read and files both
 * under it, so a missing one is found as well as an altered one. Null for every other event.
 */
export const decidedAtRead = (e: AnyEnvelope): string | null =>
  (isPreCallWarning(e) || (e.type === 'cortex.context.injected' && e.data.target === 'pre-call')) && e.causationId !== null ? e.causationId : null;

const byCause = (e: AnyEnvelope): string | null => (e.causationId === null ? null : `read:${e.causationId}`);

const PRE_CALL_OLDER = 'recorded before the reads before a call were (`cortex.precall.read`): decided against memory and the project\'s record of its calls as they were then, which this log does not hold';

const byProposal = (e: AnyEnvelope): string | null =>
  (e.type === 'cortex.engram.contradicted' || e.type === 'hippocampus.engram.superseded') && e.data.proposalId !== null ? `proposal:${e.data.proposalId}` : null;

const HOST = 'a report of the host (or of the engram-driven loop acting as one)';

/** Every type of the catalog, classified (the type makes a missing one a compile error). */
export const EVENT_CLASSES: { readonly [T in EventType]: EventClass } = {
  'executive.session.started': { kind: 'recorded', reason: 'the host opened a session: its roots and modes are settings' },
  'executive.session.ended': { kind: 'recorded', reason: `${HOST}: the session was closed` },
  'executive.turn.started': { kind: 'recorded', reason: "the user's message" },
  'executive.turn.completed': { kind: 'answer', given: ['answer', 'stopReason'], reason: "the model's (or host's) answer and the loop's stop reason; the rounds are the executive's count" },
  'executive.turn.failed': { kind: 'recorded', reason: 'a failure of I/O (the model, a tool) or of the host' },
  'executive.turn.cancelled': { kind: 'recorded', reason: `${HOST}: a cancellation` },
  'executive.round.started': { kind: 'recorded', reason: `${HOST}: a round of the host's loop began` },
  'executive.round.completed': { kind: 'answer', given: [], reason: `${HOST}: the round's results are in; its number and tool-call count are the executive's` },
  'executive.tool.called': { kind: 'recorded', reason: "the model's tool call" },
  'executive.tool.resulted': { kind: 'recorded', reason: "the tool's result (I/O)" },
  'executive.history.repaired': { kind: 'recorded', reason: `${HOST}: it sealed dangling tool_use blocks` },
  'executive.history.compacted': { kind: 'recorded', reason: "the model's summary of old turns (an LLM answer)" },
  'executive.cap.exhausted': { kind: 'recorded', reason: "the turn machine's round cap is a per-turn option of the host (`turn({ roundCap })`), not in the log" },
  'executive.guards.configured': { kind: 'recorded', reason: "the host's breaker limits (guards, guards.json): settings" },
  'acc.params.configured': { kind: 'recorded', reason: 'the detector profile in force (--acc-profile, acc.json): settings' },
  'executive.fallback.resolved': { kind: 'recorded', reason: "the outcome of a fallback chain's steps (I/O)" },
  'executive.tool.guarded': {
    kind: 'derived',
    by: ['executive', 'executive.precall'],
    givenWhen: {
      test: isPreCallWarning,
      reason: PRE_CALL_OLDER,
      // A warning before a call (never-rule, call-lesson, call-retry, call-record) is checked against its read (`preCallWarningCore`).
      unlessRead: { key: byCause, reason: PRE_CALL_OLDER },
    },
  },
  'acc.lesson.detected': { kind: 'derived', by: ['acc'] },
  'acc.nudge.emitted': { kind: 'derived', by: ['acc'] },
  'basal-ganglia.recipe.learned': { kind: 'derived', by: ['basal-ganglia'] },
  'basal-ganglia.instinct.promoted': { kind: 'recorded', reason: '`engram instincts` derives it across every session of a project, not from one session' },
  'basal-ganglia.instinct.archived': { kind: 'recorded', reason: '`engram instincts` derives it across every session of a project (or the user archived it)' },
  'cerebellum.error.classified': { kind: 'derived', by: ['cerebellum'] },
  'cerebellum.lesson.learned': { kind: 'derived', by: ['cerebellum'] },
  'cerebellum.call.learned': { kind: 'derived', by: ['cerebellum.calls'] },
  'cortex.engram.proposed': {
    kind: 'derived',
    by: ['cortex.proposals', 'cortex.consolidation'],
    givenWhen: {
      test: (e) => e.type === 'cortex.engram.proposed' && (e.data.origin === 'user' || e.data.origin === 'basal-ganglia' || (e.data.origin === 'memorize' && !e.data.proposalId.includes(':memorize-'))),
      reason: "the user's own entry (`engram memory add`), or a `memorize` proposal of a host's own tool handler (`Cortex.memorize`): their words",
    },
  },
  'cortex.engram.queued': { kind: 'derived', by: ['cortex.gate'] },
  'cortex.engram.quarantined': { kind: 'derived', by: ['cortex.gate'] },
  'cortex.engram.confirmed': { kind: 'recorded', reason: "the user's (or host's) answer to a pending or quarantined memory" },
  'hippocampus.engram.encoded': {
    kind: 'answer',
    given: ['outcome', 'file', 'engram.confidence', 'engram.topic', 'engram.source', 'the kind of an entry found already (duplicate)', 'the text of a merged identity fact'],
    reason: "the store's answer to a write the gate let through",
  },
  'hippocampus.engram.removed': { kind: 'recorded', reason: 'the user (or ageing) removed an entry outside a session' },
  'hippocampus.engram.superseded': {
    kind: 'answer',
    given: ['supersededBy (the id the store gave the new entry)'],
    reason: "the store's answer to a retirement the memory core planned from the recorded read (`decideWrite`)",
    afterRead: { key: byProposal, reason: OLDER },
  },
  'cortex.engram.contradicted': {
    kind: 'answer',
    given: [],
    reason: 'the memory core judged it from the recorded read (with a model, from its verdicts recorded in the read); published once the write was carried out',
    afterRead: { key: byProposal, reason: OLDER },
  },
  'cortex.context.injected': {
    kind: 'answer',
    given: [],
    reason: 'the memory block rebuilt from its recorded inputs (`cortex.context.read`, its cause), the advice before a call from its (`cortex.precall.read`); habits and the primer name no read',
    afterRead: { key: byCause, reason: 'no recorded read caused it: habits, the primer, or a log older than the reads of the memory block and before a call' },
  },
  'cortex.candidates.read': { kind: 'recorded', reason: 'what memory held when a write was decided (a store read)' },
  'cortex.context.read': { kind: 'recorded', reason: 'what memory held when the memory block was built (a store read), and the message' },
  'cortex.precall.read': { kind: 'recorded', reason: "what was read before a tool call (memory, matching recipes, the project's record of the call and its lessons, meaning scores): store and file reads" },
  'llm.call.completed': { kind: 'recorded', reason: "the model's answer" },
  'llm.call.failed': { kind: 'recorded', reason: "the model call's failure" },
  'scratchpad.cell.requested': { kind: 'recorded', reason: "the model's cell" },
  'scratchpad.cell.executed': { kind: 'recorded', reason: "the cell's output (I/O)" },
  'scratchpad.cell.killed': { kind: 'recorded', reason: "the cell's kill (I/O, the clock)" },
  'scratchpad.cell.rejected': { kind: 'recorded', reason: 'the host refused an empty cell' },
  'scratchpad.pad.reset': { kind: 'recorded', reason: `${HOST}: a pad was reset` },
  'bus.subscriber.failed': { kind: 'recorded', reason: 'a fact about the machinery (a subscriber threw)' },
  'store.log.repaired': { kind: 'recorded', reason: 'a fact about the machinery (a torn line was cut)' },
  'store.log.redacted': { kind: 'recorded', reason: 'the user forgot a subject (`engram memory forget`): a fact about the log itself' },
};

/**
 * Fields of derived events computed from the text itself: in a log `engram memory forget`
 * redacted they cannot be re-derived (a hash of the forgotten text; a memory block's token count,
 * which the marker changes), so replay compares the rest of such an event modulo the marker and
 * skips these (docs/forget.md).
 */
export const REDACTION_HASHED_FIELDS: { readonly [T in EventType]?: readonly string[] } = {
  'basal-ganglia.recipe.learned': ['recipeId'],
  'cortex.context.injected': ['tokens'],
};

/**
 * Whether `--check` compares this recorded event with what the cores derived (a derived or answer
 * type, and not one of its given exceptions). `reads`: the keys of the reads the log holds
 * (`readKeyOf`); an answer decided against a read is compared only when its read is there.
 */
export const isCheckedEvent = (e: AnyEnvelope, reads: ReadonlySet<string> = NO_READS): boolean => {
  const c: EventClass | undefined = (EVENT_CLASSES as Record<string, EventClass | undefined>)[e.type];
  if (c === undefined || c.kind === 'recorded') return false;
  if (c.kind === 'answer') {
    if (c.afterRead === undefined) return true;
    const key = c.afterRead.key(e);
    return key !== null && reads.has(key);
  }
  if (c.givenWhen === undefined || !c.givenWhen.test(e)) return true;
  const key = c.givenWhen.unlessRead?.key(e) ?? null;
  return key !== null && reads.has(key);
};

const NO_READS: ReadonlySet<string> = new Set();

/** Why a recorded event of a checked type is read as given (its read is not in the log), or null when it is checked or of a recorded type. */
export const givenWithoutRead = (e: AnyEnvelope, reads: ReadonlySet<string>): string | null => {
  const c: EventClass | undefined = (EVENT_CLASSES as Record<string, EventClass | undefined>)[e.type];
  const afterRead = c?.kind === 'answer' ? c.afterRead : c?.kind === 'derived' && c.givenWhen?.test(e) === true ? c.givenWhen.unlessRead : undefined;
  if (afterRead === undefined) return null;
  const key = afterRead.key(e);
  return key !== null && reads.has(key) ? null : afterRead.reason;
};

/** Whether replay checks this type as an answer or report, compared under the recorded event itself (`answerCause`). */
export const isAnswerType = (type: string): boolean => (EVENT_CLASSES as Record<string, EventClass | undefined>)[type]?.kind === 'answer';

/** Whether events of this type can be compared at all (a cheap test on the type alone). */
export const isCheckedType = (type: string): boolean => {
  const c: EventClass | undefined = (EVENT_CLASSES as Record<string, EventClass | undefined>)[type];
  return c !== undefined && c.kind !== 'recorded';
};
