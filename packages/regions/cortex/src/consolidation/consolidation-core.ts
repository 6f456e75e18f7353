import { draft, type AnyDraft, type AnyEnvelope, type EventData } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { DEFAULT_MEMORY_MODE, type MemoryMode } from '../memory-mode.js';
import type { ConsolidationParams } from './consolidation-params.js';
import { consolidationPrompt } from './consolidation-prompt.js';
import { itemToProposal } from './item-to-proposal.js';
import { itemsFromResponse } from './items-from-response.js';
import type { Replay } from './replay.js';
import type { ReplayCell } from './replay-cell.js';
import { selectItems } from './select-items.js';
import { dropAbandoned } from './drop-abandoned.js';
import { replayVerdict } from './should-replay.js';

/** The `purpose` the extraction call is recorded under. */
export const CONSOLIDATION_PURPOSE = 'consolidation';

interface Intent {
  readonly pad: string;
  readonly description: string;
  readonly code: string;
}

interface InFlight {
  /** Replays of one turn end still awaiting their answer, in call order. */
  readonly replays: Replay[];
  /** Turn ends seen since they were asked for. */
  turnEnds: number;
}

export interface ConsolidationState {
  readonly params: ConsolidationParams;
  /** The memory mode in force (`executive.session.started`); off replays nothing. */
  mode: MemoryMode;
  turnOpen: boolean;
  /** Cell requests not yet answered, by cell id: what the model meant the cell to do. */
  intents: Map<string, Intent>;
  /** Cells finished during the open turn; they join `waiting` when it completes, and are dropped if it fails or is cancelled. */
  turnCells: ReplayCell[];
  /** Per pad, in first-seen order: cells never consolidated and not in flight, oldest first. */
  readonly waiting: Map<string, ReplayCell[]>;
  /** Replays awaiting their recorded answer, by the `turn.completed` id they were asked at. */
  readonly inFlight: Map<string, InFlight>;
  /** Every cell ever taken in (`pad\0cellId`): a repeated cell event is ignored. */
  readonly seen: Set<string>;
  /** Cells whose replay was answered: they are never replayed again. */
  readonly consolidated: Set<string>;
  /** Failed extraction calls per cell. */
  readonly attempts: Map<string, number>;
  /** Cells given up on after `maxAttemptsPerCell` failed calls. */
  readonly abandoned: Set<string>;
  /** What `react` publishes for the event just evolved. */
  outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

export const cellKey = (pad: string, cellId: string): string => `${pad}\u0000${cellId}`;

const takeCell = (s: ConsolidationState, cell: ReplayCell): void => {
  const key = cellKey(cell.pad, cell.cellId);
  if (s.seen.has(key)) return;
  s.seen.add(key);
  s.turnCells.push(cell);
};

const finishedCell = (s: ConsolidationState, pad: string, cellId: string, outcome: Pick<ReplayCell, 'stdout' | 'stderr' | 'error' | 'killed'>): void => {
  const intent = s.intents.get(cellId);
  s.intents.delete(cellId);
  takeCell(s, { pad, cellId, description: intent?.description ?? '', code: intent?.code ?? '', ...outcome });
};

const dropTurn = (s: ConsolidationState): void => {
  s.turnCells = [];
  if (s.intents.size > 0) s.intents = new Map();
};

/** Cells of a replay that got no usable answer go back to the front of their pad's queue, unless they have failed too often. */
const releaseCells = (s: ConsolidationState, replay: Replay): void => {
  const retry: ReplayCell[] = [];
  for (const cell of replay.cells) {
    const key = cellKey(cell.pad, cell.cellId);
    const attempts = (s.attempts.get(key) ?? 0) + 1;
    s.attempts.set(key, attempts);
    if (attempts >= s.params.maxAttemptsPerCell) s.abandoned.add(key);
    else retry.push(cell);
  }
  if (retry.length === 0) return;
  s.waiting.set(replay.pad, [...retry, ...(s.waiting.get(replay.pad) ?? [])]);
};

/** An answer that never came (a crash, a lost call) must not hold its cells forever. */
const ageInFlight = (s: ConsolidationState): void => {
  for (const [id, entry] of s.inFlight) {
    entry.turnEnds += 1;
    if (entry.turnEnds <= s.params.maxTurnsInFlight) continue;
    s.inFlight.delete(id);
    for (const replay of entry.replays) releaseCells(s, replay);
  }
};

/** Turn end: the turn's cells join the waiting ones, and every pad whose new cells pass the gate replays them. */
const planReplays = (s: ConsolidationState, turnCompletedId: string): void => {
  for (const cell of s.turnCells) {
    const cells = s.waiting.get(cell.pad);
    if (cells === undefined) s.waiting.set(cell.pad, [cell]);
    else cells.push(cell);
  }
  s.turnCells = [];
  ageInFlight(s);
  if (s.mode === 'off') {
    s.waiting.clear(); // nothing is learnt in this session: keep no backlog
    return;
  }
  const replays: Replay[] = [];
  for (const [pad, cells] of s.waiting) {
    const verdict = replayVerdict(cells, s.params);
    if (!verdict.replay) continue;
    const chosen = cells.slice(0, Math.max(1, s.params.maxCellsPerReplay));
    const rest = cells.slice(chosen.length);
    if (rest.length === 0) s.waiting.delete(pad);
    else s.waiting.set(pad, rest);
    replays.push({ causationId: turnCompletedId, pad, cells: chosen, reason: verdict.reason, prompt: consolidationPrompt(chosen, s.params) });
  }
  if (replays.length > 0) s.inFlight.set(turnCompletedId, { replays, turnEnds: 0 });
};

/** The recorded answer of a replay: proposals and consolidated cells, or the cells released for a retry. */
const settleReplay = (s: ConsolidationState, e: AnyEnvelope): void => {
  if (e.type !== 'llm.call.completed' && e.type !== 'llm.call.failed') return;
  if (e.data.purpose !== CONSOLIDATION_PURPOSE || e.causationId === null) return;
  const entry = s.inFlight.get(e.causationId);
  const replay = entry?.replays.shift();
  if (entry === undefined || replay === undefined) return;
  if (entry.replays.length === 0) s.inFlight.delete(e.causationId);
  const items = e.type === 'llm.call.completed' ? itemsFromResponse(e.data.response.content) : null;
  if (items === null) {
    releaseCells(s, replay);
    return;
  }
  for (const cell of replay.cells) s.consolidated.add(cellKey(cell.pad, cell.cellId));
  const asserted = dropAbandoned(items, replay.cells, s.params.abandonedOverlap);
  s.outbox = selectItems(asserted, s.params.maxItems).map((item, i) => draft('cortex.engram.proposed', itemToProposal(item, s.mode, `${e.id}:${i + 1}`).proposal));
};

const executed = (s: ConsolidationState, d: EventData<'scratchpad.cell.executed'>): void =>
  finishedCell(s, d.pad, d.cellId, { stdout: d.stdout, stderr: d.stderr, error: d.error, killed: false });

/**
 * Sleep-replay consolidation (anton.md §9), as a pure core of the cortex.
 *
 * - Cells are assembled from `scratchpad.cell.requested` (intent) and `scratchpad.cell.executed`
 *   or `.killed` (outcome; a kill's reason is its error). A failed or cancelled turn's cells are
 *   dropped without learning; a completed turn's cells wait, per pad, until consolidated.
 * - At `executive.turn.completed`, each pad whose waiting cells pass `replayVerdict` gets one
 *   replay of at most `maxCellsPerReplay` of them. Only cells never consolidated are waiting, so
 *   a pad replays again only when enough new cells arrived (Anton re-sends every cell of a pad
 *   every turn, §15.8). Mode off replays nothing.
 * - The effect (`consolidateOnTurnEnd`) makes each replay's extraction call with the turn end as
 *   causation. The recorded `llm.call.completed` turns into `cortex.engram.proposed` (origin
 *   `consolidation`, the mode as gate; ids derived from the answer's id) and marks the cells
 *   consolidated; `llm.call.failed` (or an unreadable answer) proposes nothing and puts the cells
 *   back, to be tried at a later turn end, at most `maxAttemptsPerCell` times.
 */
export const consolidationCore: RegionCore<ConsolidationState, ConsolidationParams, 'cortex.consolidation'> = {
  id: 'cortex.consolidation',
  source: 'cortex',
  updatesInPlace: 'the cells seen, waiting and in flight grow with the whole log (a copy per event would make the fold quadratic), and `outbox` holds what the event just folded derived',
  initialState: (params) => ({
    params,
    mode: DEFAULT_MEMORY_MODE,
    turnOpen: false,
    intents: new Map(),
    turnCells: [],
    waiting: new Map(),
    inFlight: new Map(),
    seen: new Set(),
    consolidated: new Set(),
    attempts: new Map(),
    abandoned: new Set(),
    outbox: NOTHING,
  }),
  evolve: (s, e) => {
    s.outbox = NOTHING;
    const type = e.type;
    if (type === 'executive.session.started') {
      s.mode = e.data.modes.memory;
    } else if (type === 'executive.turn.started') {
      if (s.turnOpen) dropTurn(s); // the previous turn never ended: treat it as cancelled
      s.turnOpen = true;
    } else if (type === 'executive.turn.failed' || type === 'executive.turn.cancelled') {
      dropTurn(s);
      s.turnOpen = false;
    } else if (type === 'executive.turn.completed') {
      s.turnOpen = false;
      planReplays(s, e.id);
    } else if (type === 'scratchpad.cell.requested') {
      s.intents.set(e.data.cellId, { pad: e.data.pad, description: e.data.description, code: e.data.code });
    } else if (type === 'scratchpad.cell.executed') {
      executed(s, e.data);
    } else if (type === 'scratchpad.cell.killed') {
      finishedCell(s, e.data.pad, e.data.cellId, { stdout: '', stderr: '', error: e.data.reason, killed: true });
    } else if (type === 'llm.call.completed' || type === 'llm.call.failed') {
      settleReplay(s, e);
    }
    return s;
  },
  react: (s) => s.outbox,
};

/** The replays a `turn.completed` event left waiting for the model (a copy: answers consume the state's list). */
export const pendingReplays = (s: ConsolidationState, turnCompletedId: string): readonly Replay[] => [...(s.inFlight.get(turnCompletedId)?.replays ?? [])];

/** A pad's cells waiting for a replay, oldest first. */
export const waitingCells = (s: ConsolidationState, pad: string): readonly ReplayCell[] => [...(s.waiting.get(pad) ?? [])];

/** Whether a cell's replay was answered (it will never be replayed again). */
export const isConsolidated = (s: ConsolidationState, pad: string, cellId: string): boolean => s.consolidated.has(cellKey(pad, cellId));
