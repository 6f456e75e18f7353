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
  memoryOff: boolean;
  /** This turn's cell requests not yet answered, by cell id: the intent the outcome is compared with. */
  intents: Map<string, CellIntent>;
  /** This turn's tool calls not yet answered, by tool_use id: the tool's target. */
  toolTargets: Map<string, string | null>;
  /** This turn's failed cells (bounded). */
  buffer: CellBuffer;
  /** Flushes awaiting their model answer, oldest first, by `turn.completed` id. */
  readonly pending: Map<string, Flush>;
  /** What `react` publishes for the event just evolved. */
  outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

const classifierDrafts = (flush: Flush, max: number): AnyDraft[] =>
  classifierLessons(flush.cells, max).map((l) => draft('cerebellum.lesson.learned', { text: l.text, topic: l.topic, method: 'classifier', cellIds: [...l.cellIds] }));

const classifiedDraft = (cell: FailedCell): AnyDraft =>
  draft('cerebellum.error.classified', { errorClass: cell.errorClass, signature: cell.signature, tool: 'scratchpad', target: cell.pad, hint: cell.hint });

const resetTurn = (s: CerebellumState): void => {
  if (s.intents.size > 0) s.intents = new Map();
  if (s.toolTargets.size > 0) s.toolTargets = new Map();
  s.buffer = EMPTY_BUFFER;
};

const observeCell = (s: CerebellumState, outcome: CellOutcome): void => {
  const intent = s.intents.get(outcome.cellId);
  s.intents.delete(outcome.cellId);
  if (!outcome.killed && isCleanCell(outcome)) return; // the cheap path: nothing kept, nothing published
  const cell = failedCellFrom(outcome, intent);
  s.outbox = [classifiedDraft(cell)];
  if (!s.memoryOff) s.buffer = bufferCell(s.buffer, cell, s.params.maxCellsPerFlush);
};

/** A failed tool result is classified (not buffered: the post-mortem reviews cells); the scratchpad's arrives as a cell. */
const observeToolResult = (s: CerebellumState, d: EventData<'executive.tool.resulted'>): void => {
  const target = s.toolTargets.get(d.toolUseId) ?? null;
  s.toolTargets.delete(d.toolUseId);
  if (d.ok || s.params.cellToolNames.includes(d.name)) return;
  const text = d.error.trim() !== '' ? d.error : d.output;
  const verdict = classifyError(text);
  s.outbox = [
    draft('cerebellum.error.classified', {
      errorClass: verdict.errorClass,
      signature: errorSignature(errorHeadline(text)),
      tool: d.name,
      target: target === null ? null : scrubSecrets(target),
      hint: verdict.hint,
    }),
  ];
};

/** End of turn: nothing buffered costs nothing; otherwise learn now (classifier) or await the model. */
const flushTurn = (s: CerebellumState, turnCompletedId: string): void => {
  const { cells, dropped } = s.buffer;
  resetTurn(s);
  if (cells.length === 0) return;
  const flush: Flush = { id: turnCompletedId, cells, dropped };
  if (s.params.postMortem === 'classifier') {
    s.outbox = classifierDrafts(flush, s.params.maxLessonsPerFlush);
    return;
  }
  s.pending.set(flush.id, flush);
  const out: AnyDraft[] = [];
  while (s.pending.size > Math.max(0, s.params.maxPendingFlushes)) {
    const [oldestId, oldest] = s.pending.entries().next().value as [string, Flush];
    s.pending.delete(oldestId);
    out.push(...classifierDrafts(oldest, s.params.maxLessonsPerFlush));
  }
  s.outbox = out;
};

/** The model answered (or failed) for a pending flush: its lessons, or the classifier's when there are none to read. */
const settleFlush = (s: CerebellumState, e: AnyEnvelope): void => {
  if (e.type !== 'llm.call.completed' && e.type !== 'llm.call.failed') return;
  if (e.data.purpose !== POST_MORTEM_PURPOSE || e.causationId === null) return;
  const flush = s.pending.get(e.causationId);
  if (flush === undefined) return;
  s.pending.delete(flush.id);
  const drafts = e.type === 'llm.call.completed' ? lessonsFromResponse(e.data.response.content) : null;
  if (drafts === null) {
    s.outbox = classifierDrafts(flush, s.params.maxLessonsPerFlush);
    return;
  }
  const cellIds = flush.cells.map((c) => c.cellId);
  s.outbox = selectLessons(drafts, s.params.maxLessonsPerFlush).map((l) =>
    draft('cerebellum.lesson.learned', { text: l.text, topic: l.topic, method: 'llm', cellIds: [...cellIds] }),
  );
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
  updatesInPlace: 'the intents, targets and waiting flushes of a turn are maps updated per event, and `outbox` holds what the event just folded derived',
  initialState: (params) => ({
    params,
    memoryOff: false,
    intents: new Map(),
    toolTargets: new Map(),
    buffer: EMPTY_BUFFER,
    pending: new Map(),
    outbox: NOTHING,
  }),
  evolve: (s, e) => {
    s.outbox = NOTHING;
    const type = e.type;
    if (type === 'executive.session.started') {
      s.memoryOff = e.data.modes.memory === 'off';
      resetTurn(s);
    } else if (type === 'executive.turn.started' || type === 'executive.turn.failed' || type === 'executive.turn.cancelled') {
      resetTurn(s);
    } else if (type === 'executive.turn.completed') {
      flushTurn(s, e.id);
    } else if (type === 'scratchpad.cell.requested') {
      s.intents.set(e.data.cellId, { pad: e.data.pad, description: e.data.description, code: e.data.code });
    } else if (type === 'scratchpad.cell.executed') {
      const d = e.data;
      observeCell(s, { cellId: d.cellId, pad: d.pad, stdout: d.stdout, stderr: d.stderr, error: d.error, killed: false });
    } else if (type === 'scratchpad.cell.killed') {
      observeCell(s, { cellId: e.data.cellId, pad: e.data.pad, stdout: '', stderr: '', error: e.data.reason, killed: true });
    } else if (type === 'executive.tool.called') {
      s.toolTargets.set(e.data.toolUseId, toolTarget(e.data.input));
    } else if (type === 'executive.tool.resulted') {
      observeToolResult(s, e.data);
    } else if (type === 'llm.call.completed' || type === 'llm.call.failed') {
      settleFlush(s, e);
    }
    return s;
  },
  react: (s) => s.outbox,
};

/** The flush a `turn.completed` event left waiting for the post-mortem model, if any (what the effect asks about). */
export const pendingFlush = (s: CerebellumState, turnCompletedId: string): Flush | undefined => s.pending.get(turnCompletedId);

