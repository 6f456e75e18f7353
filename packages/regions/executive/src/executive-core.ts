import { draft, type AnyDraft, type AnyEnvelope, type EventData } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { breakerCall, breakerVerdict, recordToolResult, unknownCall, type BreakerCall, type BreakerParams, type BreakerVerdict, type Streaks } from './tool-breaker.js';
import type { ExecutiveParams } from './executive-params.js';

/** Tool errors of the turn that pre-call ranking matches on besides the message: the latest few say what is going wrong now. */
export const TURN_ERRORS_KEPT = 3;

/** A mid-turn nudge as the host receives it. */
export interface HostNudge {
  readonly lessonId: string;
  readonly detector: string;
  /** The self-check text to put in front of the model with the round's tool results. */
  readonly text: string;
}

/** A lesson of the turn as the host receives it. */
export interface HostLesson {
  readonly id: string;
  readonly kind: string;
  readonly rule: string;
}

/**
 * Everything the executive knows about the session, folded from its log: what is open, the ids
 * it made up, the breaker's streaks and verdicts, and what the host reads back (nudges, lessons,
 * what pre-call ranking matches on). A live session and a resumed one hold the same state after
 * the same events, because both fold the same core.
 */
export interface ExecutiveState {
  readonly ended: boolean;
  /** A turn was started and has not completed, failed or been cancelled. */
  readonly inTurn: boolean;
  /** A round was started in the open turn and has not completed. */
  readonly roundOpen: boolean;
  /** Tool calls reported in the open round (what `executive.round.completed` counts). */
  readonly toolCallsThisRound: number;
  /** The highest number in the ids the session made up (`tool-N`, `cell-N`), so new ones never repeat them. */
  readonly nextToolId: number;
  /** The breaker's limits: the params' until `executive.guards.configured` records others. */
  readonly limits: BreakerParams;
  readonly streaks: Streaks;
  /** The open turn's reported calls that have no result yet, as the breaker tells them apart (by tool_use id): a result counts under its call's input. */
  readonly calls: ReadonlyMap<string, BreakerCall>;
  /** The breaker's verdict on each tool call of the open turn, by tool_use id. */
  readonly verdicts: ReadonlyMap<string, BreakerVerdict>;
  /** The open turn's message and its latest tool errors: what pre-call ranking matches on. */
  readonly message: string;
  readonly errors: readonly string[];
  /** Learned items already put in front of the model this turn: not repeated before a call. */
  readonly shown: ReadonlySet<string>;
  /** The turn's nudges and lessons, in order (lessons arrive as the turn completes). */
  readonly nudges: readonly HostNudge[];
  readonly lessons: readonly HostLesson[];
  /**
   * Error-class hints of the open round (`cerebellum.error.classified` for a tool other than the
   * scratchpad), joined to the nudges when the round completes: one per tool and class per turn.
   */
  readonly hints: readonly HostNudge[];
  readonly hinted: ReadonlySet<string>;
  /** Call lessons said before a call this session (`executive.tool.guarded` with a `call-lesson:` signature): each is said once a session. */
  readonly saidLessons: ReadonlySet<string>;
  /** The open turn's calls a call lesson was said before, by tool_use id: the lesson's record of use counts what they did. */
  readonly lessonCalls: ReadonlyMap<string, string>;
}

/** The signature prefix of a warning that says a call lesson (the lesson id follows). */
export const CALL_LESSON_SIGNATURE = 'call-lesson:';

/** The fields one turn fills, empty: a new session and each new turn start from them. */
const emptyTurn = () => ({
  streaks: new Map(),
  calls: new Map(),
  verdicts: new Map(),
  errors: [],
  shown: new Set<string>(),
  nudges: [],
  lessons: [],
  hints: [],
  hinted: new Set<string>(),
  lessonCalls: new Map<string, string>(),
});

/**
 * The hint for a classified tool failure, or null: the scratchpad's cells are left to the
 * cerebellum's lessons (a cell's traceback is already in the model's view), and `unknown` has
 * only the generic advice, which would be noise after every failure.
 */
const hintFor = (d: EventData<'cerebellum.error.classified'>): HostNudge | null =>
  d.tool === 'scratchpad' || d.errorClass === 'unknown'
    ? null
    : { lessonId: `cerebellum.error-class.${d.errorClass}`, detector: 'classifyError', text: `${d.tool} failed with a ${d.errorClass} error${d.target === null ? '' : ` (${d.target})`}. ${d.hint}` };

const MADE_UP_ID = /^(?:tool|cell)-(\d+)$/;

const madeUpNumber = (id: string): number => {
  const m = MADE_UP_ID.exec(id);
  return m?.[1] === undefined ? 0 : Number(m[1]);
};

/** The breaker's verdict on a reported call (allow when the call is unknown or outside a turn). */
export const verdictFor = (s: ExecutiveState, toolUseId: string): BreakerVerdict => s.verdicts.get(toolUseId) ?? { action: 'allow' };

/**
 * The state after `patch`: a new object (the input stays as it was). Copied field by field into
 * one literal, so every state has the same shape: a spread made the fold of a long log twice as slow.
 */
const next = (s: ExecutiveState, patch: Partial<ExecutiveState>): ExecutiveState =>
  Object.assign(
    {
      ended: s.ended,
      inTurn: s.inTurn,
      roundOpen: s.roundOpen,
      toolCallsThisRound: s.toolCallsThisRound,
      nextToolId: s.nextToolId,
      limits: s.limits,
      streaks: s.streaks,
      calls: s.calls,
      verdicts: s.verdicts,
      message: s.message,
      errors: s.errors,
      shown: s.shown,
      nudges: s.nudges,
      lessons: s.lessons,
      hints: s.hints,
      hinted: s.hinted,
      saidLessons: s.saidLessons,
      lessonCalls: s.lessonCalls,
    },
    patch,
  );

/** A copy of `m` with `k` set: the state a fold handed in stays as it was (the turn's maps hold one turn's calls, so a copy is small). */
const withEntry = <K, V>(m: ReadonlyMap<K, V>, k: K, v: V): ReadonlyMap<K, V> => new Map(m).set(k, v);

const withoutEntry = <K, V>(m: ReadonlyMap<K, V>, k: K): ReadonlyMap<K, V> => {
  if (!m.has(k)) return m;
  const next = new Map(m);
  next.delete(k);
  return next;
};

const withMember = <T>(s: ReadonlySet<T>, x: T): ReadonlySet<T> => (s.has(x) ? s : new Set(s).add(x));

/** What a new turn starts from: the session-wide fields carry over, the turn's are emptied. */
const turnStarted = (s: ExecutiveState, message: string): ExecutiveState => next(s, { inTurn: true, roundOpen: false, message, ...emptyTurn() });

/** A session's first state, built through `next` so it has the one shape every state has. */
const fresh = (limits: BreakerParams): ExecutiveState =>
  next({ ended: false, inTurn: false, roundOpen: false, toolCallsThisRound: 0, nextToolId: 0, limits, message: '', saidLessons: new Set(), ...emptyTurn() }, {});

const toolCalled = (s: ExecutiveState, d: EventData<'executive.tool.called'>): ExecutiveState => {
  const nextToolId = Math.max(s.nextToolId, madeUpNumber(d.toolUseId));
  const toolCallsThisRound = s.roundOpen ? s.toolCallsThisRound + 1 : s.toolCallsThisRound;
  if (!s.inTurn) return next(s, { nextToolId, toolCallsThisRound });
  const call = breakerCall(d.name, d.input);
  return next(s, { nextToolId, toolCallsThisRound, calls: withEntry(s.calls, d.toolUseId, call), verdicts: withEntry(s.verdicts, d.toolUseId, breakerVerdict(s.streaks, call, s.limits)) });
};

const toolResulted = (s: ExecutiveState, d: EventData<'executive.tool.resulted'>): ExecutiveState => {
  if (!s.inTurn) return s;
  const call = s.calls.get(d.toolUseId) ?? unknownCall(d.name);
  const errors = d.ok ? s.errors : [...s.errors, d.error].slice(-TURN_ERRORS_KEPT);
  return next(s, { calls: withoutEntry(s.calls, d.toolUseId), streaks: recordToolResult(s.streaks, call, d.ok, d.error), errors });
};

const errorClassified = (s: ExecutiveState, d: EventData<'cerebellum.error.classified'>): ExecutiveState => {
  const hint = s.inTurn ? hintFor(d) : null;
  const key = `${d.tool}\u0000${d.errorClass}`;
  if (hint === null || s.hinted.has(key)) return s;
  return next(s, { hinted: withMember(s.hinted, key), hints: [...s.hints, hint] });
};

const guarded = (s: ExecutiveState, d: EventData<'executive.tool.guarded'>): ExecutiveState => {
  if (!d.signature.startsWith(CALL_LESSON_SIGNATURE)) return s;
  const id = d.signature.slice(CALL_LESSON_SIGNATURE.length);
  return next(s, { saidLessons: withMember(s.saidLessons, id), lessonCalls: s.inTurn ? withEntry(s.lessonCalls, d.toolUseId, id) : s.lessonCalls });
};

/** The next state: a new object wherever something changed, the input state untouched (the region contract). */
const evolve = (s: ExecutiveState, e: AnyEnvelope): ExecutiveState => {
  const t = e.type;
  if (t === 'executive.turn.started') return turnStarted(s, e.data.message);
  if (t === 'executive.turn.completed' || t === 'executive.turn.failed' || t === 'executive.turn.cancelled') return next(s, { inTurn: false, roundOpen: false });
  if (t === 'executive.session.ended') return next(s, { inTurn: false, roundOpen: false, ended: true });
  if (t === 'executive.round.started') return next(s, { roundOpen: true, toolCallsThisRound: 0 });
  if (t === 'executive.round.completed') return s.hints.length > 0 ? next(s, { roundOpen: false, nudges: [...s.nudges, ...s.hints], hints: [] }) : next(s, { roundOpen: false });
  if (t === 'cerebellum.error.classified') return errorClassified(s, e.data);
  if (t === 'executive.guards.configured') return next(s, { limits: { warnAt: e.data.warnAt, blockAt: e.data.blockAt, perTool: e.data.perTool } });
  if (t === 'executive.tool.called') return toolCalled(s, e.data);
  if (t === 'executive.tool.resulted') return toolResulted(s, e.data);
  if (t === 'scratchpad.cell.requested') return next(s, { nextToolId: Math.max(s.nextToolId, madeUpNumber(e.data.cellId)) });
  if (t === 'cortex.context.injected') return e.data.items.length === 0 ? s : next(s, { shown: new Set([...s.shown, ...e.data.items.map((i) => i.id)]) });
  if (t === 'executive.tool.guarded') return guarded(s, e.data);
  if (t === 'acc.nudge.emitted') return next(s, { nudges: [...s.nudges, { lessonId: e.data.lessonId, detector: e.data.detector, text: e.data.text }] });
  if (t === 'acc.lesson.detected') return next(s, { lessons: [...s.lessons, { id: e.data.lessonId, kind: e.data.kind, rule: e.data.rule }] });
  return s;
};

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/**
 * The executive's pure core: one folded turn/round/tool-id/breaker/nudge state (`ExecutiveState`)
 * that the live session asks and a resumed session rebuilds by folding its log. It derives the
 * breaker's verdict on every tool call of a turn as the call is reported: a warning or a block is
 * published as `executive.tool.guarded` (caused by the `executive.tool.called` it answers), so
 * replay re-derives every verdict from the recorded tool results and the recorded limits.
 */
export const executiveCore: RegionCore<ExecutiveState, ExecutiveParams, 'executive'> = {
  id: 'executive',
  source: 'executive',
  initialState: (params) => fresh(params.breaker),
  evolve,
  react: (s, e) => {
    if (e.type !== 'executive.tool.called' || !s.inTurn) return NOTHING;
    const v = verdictFor(s, e.data.toolUseId);
    if (v.action === 'allow') return NOTHING;
    return [
      draft('executive.tool.guarded', {
        toolUseId: e.data.toolUseId,
        name: e.data.name,
        action: v.action === 'warn' ? 'warned' : 'blocked',
        failures: v.failures,
        signature: v.signature,
        inputSignature: v.input,
        explanation: v.explanation,
      }),
    ];
  },
};
