import { draft, type AnyDraft, type AnyEnvelope, type EventData } from '@engram/events';
import { errorSignature, scrubSecrets, toolTarget, type RegionCore } from '@engram/kernel';
import { bufferCell, EMPTY_BUFFER, type CellBuffer } from './cell-buffer.js';
import type { CerebellumParams } from './cerebellum-params.js';
import { classifierLessons } from './classifier-lessons.js';
import { classifyError } from './classify-error.js';
import { errorHeadline } from './error-headline.js';
import type { FailedCell } from './failed-cell.js';
import { failedCellFrom, type CellIntent, type CellOutcome } from './failed-cell-from.js';
import type { Flush } from './flush.js';
import { isCleanCell } from './is-clean-cell.js';
import { lessonsFromResponse } from './lessons-from-response.js';
import { selectLessons } from './select-lessons.js';

/** The `purpose` the post-mortem call is recorded under. */
export const POST_MORTEM_PURPOSE = 'cerebellum';

export interface CerebellumState {
  readonly params: CerebellumParams;
  /** Memory mode `off`: classify, but learn nothing (Anton: no cortex, no flush). */
  readonly memoryOff: boolean;
  /** This turn's cell requests not yet answered, by cell id: the intent the outcome is compared with. */
  readonly intents: ReadonlyMap<string, CellIntent>;
  /** This turn's tool calls not yet answered, by tool_use id: the tool's target. */
  readonly toolTargets: ReadonlyMap<string, string | null>;
  /** This turn's failed cells (bounded). */
  readonly buffer: CellBuffer;
  /** Flushes awaiting their model answer, oldest first, by `turn.completed` id (at most `maxPendingFlushes`). */
  readonly pending: ReadonlyMap<string, Flush>;
  /** What the event just folded derived (`react` returns it): part of the next state, never written into an old one. */
  readonly outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);
const NONE: ReadonlyMap<string, never> = new Map<string, never>();

const classifierDrafts = (flush: Flush, max: number): AnyDraft[] =>
  classifierLessons(flush.cells, max).map((l) => draft('cerebellum.lesson.learned', { text: l.text, topic: l.topic, method: 'classifier', cellIds: [...l.cellIds] }));

const classifiedDraft = (cell: FailedCell): AnyDraft =>
  draft('cerebellum.error.classified', { errorClass: cell.errorClass, signature: cell.signature, tool: 'scratchpad', target: cell.pad, hint: cell.hint });

/** A copy of `m` without `k` (the same map when it has no `k`). */
const without = <V>(m: ReadonlyMap<string, V>, k: string): ReadonlyMap<string, V> => {
  if (!m.has(k)) return m;
  const next = new Map(m);
  next.delete(k);
  return next;
};

/** The state with the turn's buffers emptied (what started, failed and cancelled turns do, and what a flush leaves). */
const turnReset = (s: CerebellumState): CerebellumState => ({ ...s, intents: NONE, toolTargets: NONE, buffer: EMPTY_BUFFER, outbox: NOTHING });

const observeCell = (s: CerebellumState, outcome: CellOutcome): CerebellumState => {
  const intent = s.intents.get(outcome.cellId);
  const intents = without(s.intents, outcome.cellId);
  if (!outcome.killed && isCleanCell(outcome)) return intents === s.intents && s.outbox === NOTHING ? s : { ...s, intents, outbox: NOTHING }; // the cheap path: nothing kept, nothing published
  const cell = failedCellFrom(outcome, intent);
  return { ...s, intents, outbox: [classifiedDraft(cell)], buffer: s.memoryOff ? s.buffer : bufferCell(s.buffer, cell, s.params.maxCellsPerFlush) };
};

/** A failed tool result is classified (not buffered: the post-mortem reviews cells); the scratchpad's arrives as a cell. */
const observeToolResult = (s: CerebellumState, d: EventData<'executive.tool.resulted'>): CerebellumState => {
  const target = s.toolTargets.get(d.toolUseId) ?? null;
  const next = { ...s, toolTargets: without(s.toolTargets, d.toolUseId), outbox: NOTHING };
  if (d.ok || s.params.cellToolNames.includes(d.name)) return next;
  const text = d.error.trim() !== '' ? d.error : d.output;
  const verdict = classifyError(text);
  return {
    ...next,
    outbox: [
      draft('cerebellum.error.classified', {
        errorClass: verdict.errorClass,
        signature: errorSignature(errorHeadline(text)),
        tool: d.name,
        target: target === null ? null : scrubSecrets(target),
        hint: verdict.hint,
      }),
    ],
  };
};

/** End of turn: nothing buffered costs nothing; otherwise learn now (classifier) or await the model. */
const flushTurn = (s: CerebellumState, turnCompletedId: string): CerebellumState => {
  const { cells, dropped } = s.buffer;
  const reset = turnReset(s);
  if (cells.length === 0) return reset;
  const flush: Flush = { id: turnCompletedId, cells, dropped };
  if (s.params.postMortem === 'classifier') return { ...reset, outbox: classifierDrafts(flush, s.params.maxLessonsPerFlush) };
  const pending = new Map(s.pending).set(flush.id, flush);
  const out: AnyDraft[] = [];
  while (pending.size > Math.max(0, s.params.maxPendingFlushes)) {
    const [oldestId, oldest] = pending.entries().next().value as [string, Flush];
    pending.delete(oldestId);
    out.push(...classifierDrafts(oldest, s.params.maxLessonsPerFlush));
  }
  return { ...reset, pending, outbox: out };
};

/** The model answered (or failed) for a pending flush: its lessons, or the classifier's when there are none to read. */
const settleFlush = (s: CerebellumState, e: AnyEnvelope): CerebellumState => {
  const quiet = s.outbox === NOTHING ? s : { ...s, outbox: NOTHING };
  if (e.type !== 'llm.call.completed' && e.type !== 'llm.call.failed') return quiet;
  if (e.data.purpose !== POST_MORTEM_PURPOSE || e.causationId === null) return quiet;
  const flush = s.pending.get(e.causationId);
  if (flush === undefined) return quiet;
  const pending = without(s.pending, flush.id);
  const drafts = e.type === 'llm.call.completed' ? lessonsFromResponse(e.data.response.content) : null;
  if (drafts === null) return { ...s, pending, outbox: classifierDrafts(flush, s.params.maxLessonsPerFlush) };
  const cellIds = flush.cells.map((c) => c.cellId);
  return {
    ...s,
    pending,
    outbox: selectLessons(drafts, s.params.maxLessonsPerFlush).map((l) =>
      draft('cerebellum.lesson.learned', { text: l.text, topic: l.topic, method: 'llm', cellIds: [...cellIds] }),
    ),
  };
};

/**
 * The cerebellum's pure core: per-cell error learning (anton.md §4), observed from the cell
 * events the tool dispatcher publishes, never from a runtime (§15.1).
 *
 * - A clean cell (no error, nothing on stderr) costs nothing. A failed, warning or killed cell is
 *   classified at once (`cerebellum.error.classified`, keyed on signature and pad) and kept in a
 *   per-turn buffer of at most `maxCellsPerFlush` cells (§15.9).
 * - A failed tool result (other than the scratchpad's, which arrives as a cell) is classified too,
 *   its target read from the tool call's input.
 * - Turn started, failed or cancelled drops the turn's buffer without learning (§15.3).
 * - Turn completed flushes: with `postMortem: 'classifier'` the classifier's lessons are published
 *   at once; with `llm` the flush waits, whole, for the post-mortem's recorded answer. The effect
 *   (`runPostMortem`) makes the call with the `turn.completed` id as causation; the core turns
 *   `llm.call.completed` into `llm` lessons and `llm.call.failed` into classifier lessons, so a
 *   failed call loses nothing (§15.9), and replay derives the same lessons from the log.
 */
export const cerebellumCore: RegionCore<CerebellumState, CerebellumParams, 'cerebellum'> = {
  id: 'cerebellum',
  source: 'cerebellum',
  initialState: (params) => ({
    params,
    memoryOff: false,
    intents: NONE,
    toolTargets: NONE,
    buffer: EMPTY_BUFFER,
    pending: NONE,
    outbox: NOTHING,
  }),
  evolve: (s, e) => {
    const type = e.type;
    if (type === 'executive.session.started') return { ...turnReset(s), memoryOff: e.data.modes.memory === 'off' };
    if (type === 'executive.turn.started' || type === 'executive.turn.failed' || type === 'executive.turn.cancelled') return turnReset(s);
    if (type === 'executive.turn.completed') return flushTurn(s, e.id);
    if (type === 'scratchpad.cell.requested')
      return { ...s, intents: new Map(s.intents).set(e.data.cellId, { pad: e.data.pad, description: e.data.description, code: e.data.code }), outbox: NOTHING };
    if (type === 'scratchpad.cell.executed') {
      const d = e.data;
      return observeCell(s, { cellId: d.cellId, pad: d.pad, stdout: d.stdout, stderr: d.stderr, error: d.error, killed: false });
    }
    if (type === 'scratchpad.cell.killed') return observeCell(s, { cellId: e.data.cellId, pad: e.data.pad, stdout: '', stderr: '', error: e.data.reason, killed: true });
    if (type === 'executive.tool.called') return { ...s, toolTargets: new Map(s.toolTargets).set(e.data.toolUseId, toolTarget(e.data.input)), outbox: NOTHING };
    if (type === 'executive.tool.resulted') return observeToolResult(s, e.data);
    return settleFlush(s, e);
  },
  react: (s) => s.outbox,
};

/** The flush a `turn.completed` event left waiting for the post-mortem model, if any (what the effect asks about). */
export const pendingFlush = (s: CerebellumState, turnCompletedId: string): Flush | undefined => s.pending.get(turnCompletedId);

