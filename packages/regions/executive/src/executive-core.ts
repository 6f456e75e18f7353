import { draft, type AnyDraft, type AnyEnvelope, type EventData } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { breakerCall, breakerVerdict, recordToolResultInto, unknownCall, type BreakerCall, type BreakerParams, type BreakerVerdict, type Streak, type Streaks } from './tool-breaker.js';
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The state `evolve` updates in place: a fold owns the state it created (`initialState`), and
 * copying it on every tool call and result made the executive the slowest core of a replay.
 * Readers (the session) see it through the readonly `ExecutiveState`.
 */
interface OwnedState extends Mutable<Omit<ExecutiveState, 'streaks' | 'calls' | 'verdicts' | 'errors' | 'shown' | 'nudges' | 'lessons' | 'hints' | 'hinted' | 'saidLessons' | 'lessonCalls'>> {
  saidLessons: Set<string>;
  lessonCalls: Map<string, string>;
  hints: HostNudge[];
  hinted: Set<string>;
  streaks: Map<string, Streak>;
  calls: Map<string, BreakerCall>;
  verdicts: Map<string, BreakerVerdict>;
  errors: string[];
  shown: Set<string>;
  nudges: HostNudge[];
  lessons: HostLesson[];
}

const fresh = (limits: BreakerParams): OwnedState => ({
  ended: false,
  inTurn: false,
  roundOpen: false,
  toolCallsThisRound: 0,
  nextToolId: 0,
  limits,
  streaks: new Map(),
  calls: new Map(),
  verdicts: new Map(),
  message: '',
  errors: [],
  shown: new Set(),
  nudges: [],
  lessons: [],
  hints: [],
  hinted: new Set(),
  saidLessons: new Set(),
  lessonCalls: new Map(),
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

const evolve = (state: ExecutiveState, e: AnyEnvelope): ExecutiveState => {
  const s = state as OwnedState;
  const t = e.type;
  if (t === 'executive.turn.started') {
    s.inTurn = true;
    s.roundOpen = false;
    s.streaks = new Map();
    s.calls = new Map();
    s.verdicts = new Map();
    s.message = e.data.message;
    s.errors = [];
    s.shown = new Set();
    s.nudges = [];
    s.lessons = [];
    s.hints = [];
    s.hinted = new Set();
    s.lessonCalls = new Map();
  } else if (t === 'executive.turn.completed' || t === 'executive.turn.failed' || t === 'executive.turn.cancelled') {
    s.inTurn = false;
    s.roundOpen = false;
  } else if (t === 'executive.session.ended') {
    s.inTurn = false;
    s.roundOpen = false;
    s.ended = true;
  } else if (t === 'executive.round.started') {
    s.roundOpen = true;
    s.toolCallsThisRound = 0;
  } else if (t === 'executive.round.completed') {
    s.roundOpen = false;
    if (s.hints.length > 0) {
      s.nudges.push(...s.hints);
      s.hints = [];
    }
  } else if (t === 'cerebellum.error.classified') {
    const hint = s.inTurn ? hintFor(e.data) : null;
    const key = `${e.data.tool}\u0000${e.data.errorClass}`;
    if (hint !== null && !s.hinted.has(key)) {
      s.hinted.add(key);
      s.hints.push(hint);
    }
  }
  else if (t === 'executive.guards.configured') s.limits = { warnAt: e.data.warnAt, blockAt: e.data.blockAt, perTool: e.data.perTool };
  else if (t === 'executive.tool.called') {
    s.nextToolId = Math.max(s.nextToolId, madeUpNumber(e.data.toolUseId));
    if (s.roundOpen) s.toolCallsThisRound++;
    if (s.inTurn) {
      const call = breakerCall(e.data.name, e.data.input);
      s.calls.set(e.data.toolUseId, call);
      s.verdicts.set(e.data.toolUseId, breakerVerdict(s.streaks, call, s.limits));
    }
  } else if (t === 'executive.tool.resulted') {
    if (!s.inTurn) return s;
    const call = s.calls.get(e.data.toolUseId) ?? unknownCall(e.data.name);
    s.calls.delete(e.data.toolUseId);
    recordToolResultInto(s.streaks, call, e.data.ok, e.data.error);
    if (!e.data.ok) {
      s.errors.push(e.data.error);
      if (s.errors.length > TURN_ERRORS_KEPT) s.errors.shift();
    }
  } else if (t === 'scratchpad.cell.requested') s.nextToolId = Math.max(s.nextToolId, madeUpNumber(e.data.cellId));
  else if (t === 'cortex.context.injected') for (const i of e.data.items) s.shown.add(i.id);
  else if (t === 'executive.tool.guarded' && e.data.signature.startsWith(CALL_LESSON_SIGNATURE)) {
    const id = e.data.signature.slice(CALL_LESSON_SIGNATURE.length);
    s.saidLessons.add(id);
    if (s.inTurn) s.lessonCalls.set(e.data.toolUseId, id);
  }
  else if (t === 'acc.nudge.emitted') s.nudges.push({ lessonId: e.data.lessonId, detector: e.data.detector, text: e.data.text });
  else if (t === 'acc.lesson.detected') s.lessons.push({ id: e.data.lessonId, kind: e.data.kind, rule: e.data.rule });
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
export const executiveCore: RegionCore<ExecutiveState, ExecutiveParams> = {
  name: 'executive',
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
