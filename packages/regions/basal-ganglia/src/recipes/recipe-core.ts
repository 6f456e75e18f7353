import { draft, type AnyDraft, type AnyEnvelope, type EventData } from '@engram/events';
import { scrubSecrets, toolTarget, toolTargetPattern, type RegionCore } from '@engram/kernel';
import { parameterHint } from './parameter-hint.js';
import { cellAction, sameAction, toolAction, type RecipeAction } from './recipe-action.js';
import { recipeId } from './recipe-id.js';
import type { RecipeParams } from './recipe-params.js';

/**
 * Failed outcomes kept until the cerebellum's verdict arrives. The verdict is published in
 * response to the failure and the bus delivers it next (FIFO), so only a handful ever wait.
 */
const UNCLASSIFIED_KEPT = 8;

/** A classified failure on a target, and the successful actions on that target since. */
interface OpenFailure {
  readonly failed: RecipeAction;
  readonly errorClass: EventData<'cerebellum.error.classified'>['errorClass'];
  readonly signature: string;
  readonly steps: RecipeAction[];
}

export interface RecipeState {
  readonly params: RecipeParams;
  /** Memory mode `off`: learn nothing (as the cerebellum). */
  memoryOff: boolean;
  /** This turn's tool calls awaiting their result, by tool_use id (calls that name no target are not kept). */
  calls: Map<string, RecipeAction>;
  /** This turn's cells awaiting their outcome, by cell id. */
  cells: Map<string, RecipeAction>;
  /** Failed outcomes awaiting the cerebellum's verdict, by the failure event's id. */
  unclassified: Map<string, RecipeAction>;
  /** The first classified failure per target this turn, awaiting a recovery. */
  open: Map<string, OpenFailure>;
  outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/** A cell the cerebellum would not classify (no error, nothing on stderr once trimmed) succeeded. */
const cleanCell = (d: EventData<'scratchpad.cell.executed'>): boolean => d.ok || (d.error.trim() === '' && d.stderr.trim() === '');

const resetTurn = (s: RecipeState): void => {
  if (s.calls.size > 0) s.calls = new Map();
  if (s.cells.size > 0) s.cells = new Map();
  if (s.unclassified.size > 0) s.unclassified = new Map();
  if (s.open.size > 0) s.open = new Map();
};

/** Adds to a map that keeps insertion order, dropping the oldest entries beyond `max`. */
const putBounded = <V>(map: Map<string, V>, key: string, value: V, max: number): void => {
  map.delete(key);
  map.set(key, value);
  for (const k of map.keys()) {
    if (map.size <= Math.max(0, max)) break;
    map.delete(k);
  }
};

const learned = (f: OpenFailure, success: RecipeAction, params: RecipeParams): AnyDraft => {
  const actions = [...f.steps, success];
  const steps = actions.map((a) => ({ tool: a.tool, hint: parameterHint(f.failed, a) }));
  const pattern = toolTargetPattern(scrubSecrets(f.failed.target));
  const target = f.failed.code !== null ? { exact: pattern.exact, glob: null } : pattern; // a pad is a name, not a file
  const trigger = { errorClass: f.errorClass, signature: f.signature, tool: f.failed.tool, target };
  return draft('basal-ganglia.recipe.learned', {
    recipeId: recipeId(trigger, steps),
    trigger,
    steps,
    evidence: { failedToolUseId: f.failed.callId, succeededToolUseId: success.callId },
    confidence: params.initialConfidence,
  });
};

/**
 * A call on a target came back. A failure waits for its verdict; a success either completes the
 * recovery of an open failure (the failed tool succeeds on the target) or becomes one of its steps.
 */
const observeOutcome = (s: RecipeState, eventId: string, action: RecipeAction, ok: boolean): void => {
  if (!ok) {
    putBounded(s.unclassified, eventId, action, UNCLASSIFIED_KEPT);
    return;
  }
  const open = s.open.get(action.key);
  if (open === undefined) return;
  if (action.tool === open.failed.tool) {
    s.open.delete(action.key);
    // Nothing but identical retries succeeded: a flaky call, not a recovery.
    if ([...open.steps, action].some((a) => !sameAction(a, open.failed))) s.outbox = [learned(open, action, s.params)];
    return;
  }
  const last = open.steps[open.steps.length - 1];
  if (last !== undefined && sameAction(last, action)) return;
  open.steps.push(action);
  if (open.steps.length >= s.params.maxSteps) s.open.delete(action.key); // the success would make it too long: exploration, not a recipe
};

/** The cerebellum classified a failure: it opens a recovery on its target unless one is open already. */
const observeVerdict = (s: RecipeState, e: AnyEnvelope, d: EventData<'cerebellum.error.classified'>): void => {
  if (d.target === null) return;
  let id: string | null = null;
  if (e.causationId !== null) id = s.unclassified.has(e.causationId) ? e.causationId : null;
  else for (const [k, a] of s.unclassified) if (a.tool === d.tool && scrubSecrets(a.target) === d.target) id = k; // a log without causation: the latest matching failure
  const failed = id === null ? undefined : s.unclassified.get(id);
  if (id === null || failed === undefined) return;
  s.unclassified.delete(id);
  if (s.open.has(failed.key)) return; // the first failure on a target is the one a recovery answers
  putBounded(s.open, failed.key, { failed, errorClass: d.errorClass, signature: d.signature, steps: [] }, s.params.maxOpenFailures);
};

/**
 * Recovery recipes, learned within a turn (issue 8 item 2; AceClaw's RecoveryRecipe): when a
 * call fails on a target (a file, URL, table or pad), the cerebellum classifies the error, and a
 * later call of the same tool on the same target succeeds after different actions, the actions
 * become a recipe: trigger (class, signature, tool, target pattern), steps (tool and a hint of
 * how its parameters differed from the failed call's), confidence.
 *
 * - Steps are the successful actions on the target between the failure and the success (any
 *   tool; consecutive repeats once), then the success. Failed attempts are not steps.
 * - A success that repeats the failed call, with nothing different in between, is a flaky retry:
 *   no recipe. More than `maxSteps` actions is exploration: the failure is dropped.
 * - A turn's boundaries (started, completed, failed, cancelled) drop everything open; memory
 *   mode `off` learns nothing. Pure, so replay derives the same recipes from the log.
 */
export const recipeCore: RegionCore<RecipeState, RecipeParams, 'basal-ganglia'> = {
  id: 'basal-ganglia',
  source: 'basal-ganglia',
  updatesInPlace: 'the open calls, cells and failures of a turn are maps updated per event, and `outbox` holds what the event just folded derived',
  initialState: (params) => ({ params, memoryOff: false, calls: new Map(), cells: new Map(), unclassified: new Map(), open: new Map(), outbox: NOTHING }),
  evolve: (s, e) => {
    s.outbox = NOTHING;
    const type = e.type;
    if (type === 'executive.session.started') {
      s.memoryOff = e.data.modes.memory === 'off';
      resetTurn(s);
    } else if (type === 'executive.turn.started' || type === 'executive.turn.completed' || type === 'executive.turn.failed' || type === 'executive.turn.cancelled') {
      resetTurn(s);
    } else if (s.memoryOff) {
      return s;
    } else if (type === 'executive.tool.called') {
      const target = s.params.cellToolNames.includes(e.data.name) ? null : toolTarget(e.data.input);
      if (target !== null) s.calls.set(e.data.toolUseId, toolAction(e.data.toolUseId, e.data.name, target, e.data.input));
    } else if (type === 'executive.tool.resulted') {
      const action = s.calls.get(e.data.toolUseId);
      s.calls.delete(e.data.toolUseId);
      if (action !== undefined && action.tool === e.data.name) observeOutcome(s, e.id, action, e.data.ok);
    } else if (type === 'scratchpad.cell.requested') {
      s.cells.set(e.data.cellId, cellAction(e.data.cellId, e.data.pad, e.data.code));
    } else if (type === 'scratchpad.cell.executed' || type === 'scratchpad.cell.killed') {
      const action = s.cells.get(e.data.cellId);
      s.cells.delete(e.data.cellId);
      if (action !== undefined) observeOutcome(s, e.id, action, type === 'scratchpad.cell.executed' && cleanCell(e.data));
    } else if (type === 'cerebellum.error.classified') {
      observeVerdict(s, e, e.data);
    }
    return s;
  },
  react: (s) => s.outbox,
};
