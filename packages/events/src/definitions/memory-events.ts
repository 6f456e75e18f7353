import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { Count, EngramSchema, MemoryModeSchema, ScopeSchema } from './shared-schemas.js';

/** Memory proposals, the encoding gate, encodings and what reached the prompt. */

export const ProposalOriginSchema = z.enum(['memorize', 'acc', 'cerebellum', 'consolidation', 'basal-ganglia', 'user']);

/**
 * Where a memory's words came from (docs/memory-trust.md), from most to least vouched for:
 * `user` (typed or confirmed by a person), `detector` (engram's own detectors wrote it),
 * `model` (the model wrote it: memorize, consolidation), `quoted` (copied from a tool's result
 * or a file). Anything but `user` is screened for instructions before it is stored.
 */
export const TrustTierSchema = z.enum(['user', 'detector', 'model', 'quoted']);
export type TrustTier = z.infer<typeof TrustTierSchema>;

/** The tier an origin implies when nothing finer is known (the upcaster of v1 proposals uses it too). */
export const defaultTrustTier = (origin: z.infer<typeof ProposalOriginSchema>): TrustTier => {
  switch (origin) {
    case 'user':
      return 'user';
    case 'acc':
    case 'cerebellum':
    case 'basal-ganglia':
      return 'detector';
    case 'memorize':
    case 'consolidation':
      return 'model';
  }
};

const engramProposed = defineEvent({
  type: 'cortex.engram.proposed',
  v: 2,
  schema: () => z.object({
    proposalId: z.string(),
    engram: EngramSchema,
    origin: ProposalOriginSchema,
    gate: MemoryModeSchema,
    trust: TrustTierSchema,
    /** Ids of stored entries this one corrects (`memory add --supersedes`, a model's correction): they are retired when it is stored. */
    supersedes: z.array(z.string()).optional(),
  }),
  emitter: 'cortex',
  consumers: ['hippocampus', 'replay', 'audit'],
  description: 'Something wants to be remembered, with the trust tier of its words; the gate in force decides whether it is stored, queued, quarantined or dropped.',
  upcasters: {
    /** v1 had no trust tier: the one its origin implies (what engram of that time would have recorded). */
    1: (raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const origin = ProposalOriginSchema.safeParse((raw as { origin?: unknown }).origin);
      return origin.success ? { ...raw, trust: defaultTrustTier(origin.data) } : raw;
    },
  },
});

/** One reason a text was quarantined: a stable id (`quarantine.instruction-override`) and its one-line explanation. */
export const QuarantineReasonSchema = z.object({ id: z.string(), reason: z.string() });

const engramQuarantined = defineEvent({
  type: 'cortex.engram.quarantined',
  v: 1,
  schema: () => z.object({
    proposalId: z.string(),
    /** The id `engram memory quarantine accept|reject` takes (`q-<proposalId>`). */
    quarantineId: z.string(),
    trust: TrustTierSchema,
    /** Every pattern that matched, in the screen's order (never empty when the cortex writes it). */
    reasons: z.array(QuarantineReasonSchema),
  }),
  emitter: 'cortex',
  consumers: ['host', 'audit'],
  description: 'A proposal reads as an instruction to the agent (or carries a URL, a shell pipeline, an encoded blob): held in quarantine, never injected, until a person accepts or rejects it.',
});

const engramQueued = defineEvent({
  type: 'cortex.engram.queued',
  v: 1,
  schema: () => z.object({ proposalId: z.string(), pendingId: z.string() }),
  emitter: 'cortex',
  consumers: ['executive', 'host', 'audit'],
  description: 'Copilot mode: a proposal waits for the user; shown after the answer and by `engram memory pending`.',
});

const engramConfirmed = defineEvent({
  type: 'cortex.engram.confirmed',
  v: 1,
  schema: () => z.object({ pendingId: z.string(), decision: z.enum(['accepted', 'rejected']), by: z.enum(['user', 'host']) }),
  emitter: 'cortex',
  consumers: ['hippocampus', 'audit'],
  description: 'A queued (or quarantined: `q-` ids) proposal was accepted or rejected.',
});

const engramEncoded = defineEvent({
  type: 'hippocampus.engram.encoded',
  v: 1,
  schema: () => z.object({
    proposalId: z.string().nullable(),
    engram: EngramSchema,
    file: z.string(),
    /** `empty`: nothing was left after scrubbing and sanitising, so nothing was written. */
    outcome: z.enum(['added', 'duplicate', 'superseded', 'empty']),
  }),
  emitter: 'hippocampus',
  consumers: ['cortex', 'acc', 'replay', 'audit'],
  description: 'An engram reached a memory file (or was found there already).',
});

/** An entry left memory outside a session: the audit counts a user's removal against what was learned. */
const engramRemoved = defineEvent({
  type: 'hippocampus.engram.removed',
  v: 1,
  schema: () => z.object({
    entryId: z.string(),
    scope: z.enum(['global', 'project']),
    /** The entry's text as it was stored, so the audit can match it to the encoding that wrote it. */
    text: z.string(),
    /** `user`: `engram memory remove` (counts as false learning); `ageing`: `engram memory prune-stale` (unused, not wrong). */
    by: z.enum(['user', 'ageing']),
  }),
  emitter: 'hippocampus',
  consumers: ['audit'],
  description: 'An entry was removed from a memory file, by the user or because no injection chose it for 60 days; recorded for the audit.',
});

/** Why an entry was retired: a correction naming it, a contradiction judged, or a new variant of an ACC detector's slot. */
export const SupersedeReasonSchema = z.enum(['correction', 'contradiction', 'slot-rival']);

const engramSuperseded = defineEvent({
  type: 'hippocampus.engram.superseded',
  v: 1,
  schema: () => z.object({
    /** The retired entry. */
    entryId: z.string(),
    scope: z.enum(['global', 'project']),
    /** Its text as stored, so the audit and `memory why` can match it to the encoding that wrote it. */
    text: z.string(),
    /** The entry that replaces it (null when the new text was already stored under no id the store reported). */
    supersededBy: z.string().nullable(),
    /** The proposal whose encoding retired it. */
    proposalId: z.string().nullable(),
    reason: SupersedeReasonSchema,
    /** In words: the user's or model's note, or the contradiction judge's reason. */
    note: z.string(),
  }),
  emitter: 'hippocampus',
  consumers: ['audit', 'host'],
  description: 'An entry was retired by a correction or a contradiction: it left the memory files for the history (memory/history.jsonl) and is never injected again.',
});

const engramContradicted = defineEvent({
  type: 'cortex.engram.contradicted',
  v: 1,
  schema: () => z.object({
    proposalId: z.string(),
    /** The stored entry the proposal contradicts. */
    entryId: z.string(),
    scope: z.enum(['global', 'project']),
    /** `llm`: the model judged (its answer is the `llm.call.completed` of purpose `contradiction`); `heuristic`: the negation-flip rule. */
    judge: z.enum(['llm', 'heuristic']),
    /** `supersede`: the newer entry had equal or higher trust and replaced it; `pending`: both wait for the user. */
    verdict: z.enum(['supersede', 'pending']),
    /** The pending id when the verdict is `pending`. */
    pendingId: z.string().nullable(),
    reason: z.string(),
  }),
  emitter: 'cortex',
  consumers: ['hippocampus', 'audit', 'host'],
  description: 'A proposal contradicts an active entry (same subject, opposite claim); the newer wins only with equal or higher trust, else both wait for the user.',
});

export const InjectionTargetSchema = z.enum(['system-prompt', 'tool-description', 'pre-call', 'nudge']);

const contextInjected = defineEvent({
  type: 'cortex.context.injected',
  v: 1,
  schema: () => z.object({
    target: InjectionTargetSchema,
    tool: z.string().nullable(),
    items: z.array(z.object({ id: z.string(), kind: z.string(), text: z.string(), why: z.string() })),
    tokens: Count,
  }),
  emitter: 'cortex',
  consumers: ['audit', 'basal-ganglia', 'replay'],
  description: 'Learned items were put in front of the model: what, why, where; the injection audit reads these.',
});

/** A stored entry as a read recorded it: every field the memory core's decisions and the memory block read. */
const RecordedEntrySchema = EngramSchema.extend({
  id: z.string(),
  section: z.string().nullable(),
  updatedAt: z.string().nullable(),
  trust: TrustTierSchema.optional(),
});

/** The heuristic contradiction check's thresholds in force for a write. */
const ContradictionParamsSchema = z.object({ sameSubjectJaccard: z.number(), maxSubjectWords: Count, maxJudged: Count });

const candidatesRead = defineEvent({
  type: 'cortex.candidates.read',
  v: 1,
  schema: () => z.object({
    /** The proposal being written. */
    proposalId: z.string(),
    engram: EngramSchema,
    origin: ProposalOriginSchema,
    /** The writer's tier (`user` once a person accepted it from the queue). */
    trust: TrustTierSchema,
    /** Whether a project store was open (routing by scope). */
    hasProject: z.boolean(),
    /** Stored texts this write replaces as rivals of its ACC detector slot. */
    rivals: z.array(z.string()),
    /** Entries (ids or exact texts) it corrects. */
    corrects: z.array(z.string()),
    /** Why, in the proposer's words ("" when none). */
    note: z.string(),
    /** The heuristic's thresholds; null when no contradiction is checked. */
    contradictions: ContradictionParamsSchema.nullable(),
    /** The model judge's verdicts on the candidates (its answer is the recorded `llm.call.completed`); null when the heuristic judged. */
    judged: z.array(z.object({ entryId: z.string(), reason: z.string() })).nullable(),
    /** The stored entries the decision looked at, with the scope and list (memory section) each was read from, in store order. */
    candidates: z.array(z.object({ scope: ScopeSchema, list: z.enum(['rules', 'lessons', 'identities']), entry: RecordedEntrySchema })),
  }),
  emitter: 'cortex',
  consumers: ['replay'],
  description: 'What memory held that a write was decided against (the recorded read of the memory core): replay re-derives what the write retired, superseded and contradicted from it.',
});

const ScopeReadSchema = z.object({ rules: z.array(RecordedEntrySchema), lessons: z.array(RecordedEntrySchema), identities: z.array(RecordedEntrySchema) });

const contextRead = defineEvent({
  type: 'cortex.context.read',
  v: 1,
  schema: () => z.object({
    /** The (scrubbed) message the block was ranked against. */
    message: z.string(),
    /** `skills` is absent in reads recorded before skills were offered in the block. */
    budgets: z.object({ identity: Count, rules: Count, lessons: Count, primer: Count, skills: Count.optional() }),
    /**
     * What both scopes held (project null outside any project); null when it is what the session's
     * previous `cortex.context.read` recorded, so a log holds memory once per change, not once per turn.
     */
    memory: z.object({ global: ScopeReadSchema, project: ScopeReadSchema.nullable() }).nullable(),
    /**
     * The saved skills the block offered, ranked against the message; null when they are what the
     * session's previous read recorded. Absent when the block offered none (a host without
     * `recall_skill`, or a read recorded before skills were ranked).
     */
    skills: z.array(z.object({ label: z.string(), description: z.string() })).nullable().optional(),
    /**
     * True: the block's prefix is the conversation's pin (`pinPrefix`, re-derived by the memory
     * core from the reads before). Absent in reads recorded before blocks were pinned.
     */
    pinned: z.boolean().optional(),
  }),
  emitter: 'cortex',
  consumers: ['replay'],
  description: 'What memory held when the memory block was built (its recorded inputs): replay rebuilds the block and checks the cortex.context.injected it causes.',
});

/** A call's record as the warning before it read it: runs and failures of a key (`outcomeKeys`), the latest failure's line, the last run's time. */
const OutcomeCountsSchema = z.object({ runs: Count, fails: Count, line: z.string(), at: z.string() });
const CallShapeSchema = z.object({ tool: z.string(), pattern: z.string() });

/** A project's call lesson as it is stored (`<project>/.engram/call-lessons.json`) and as a pre-call read records it. */
export const StoredCallLessonSchema = z.object({
  lessonId: z.string(),
  failed: CallShapeSchema,
  errorLine: z.string(),
  signature: z.string(),
  recovery: CallShapeSchema.extend({ afterWrites: z.boolean() }),
  text: z.string(),
  count: Count,
  sessions: z.array(z.string()),
  firstSeen: z.string(),
  lastSeen: z.string(),
  use: z.object({ shown: Count, ignored: Count, otherError: Count, heeded: Count }),
});

/**
 * What the cerebellum's warning before a call (`callWarning`) read, cut to what the call touches
 * (`callWarningRead`): the project's stored record and the turn's, each only under the call's own
 * keys (and the missing names it reaches for); its pattern's latest run in the turn; the scripts
 * the turn wrote that bear on it (its own, and those that worked while mentioning a missing name,
 * with only those names); the paths the turn removed that the call could need and the files it needs that the turn knows; and the project's
 * lessons about its tool and pattern.
 */
const CallWarningReadSchema = z.object({
  stored: z.array(z.tuple([z.string(), OutcomeCountsSchema])),
  turn: z.array(z.tuple([z.string(), OutcomeCountsSchema])),
  latest: z.array(z.tuple([z.string(), z.object({ ok: z.boolean(), line: z.string(), wrote: z.boolean() })])),
  written: z.array(z.tuple([z.string(), z.object({ lines: Count, words: z.array(z.string()), worked: z.boolean() })])),
  /** The paths the turn removed that the call could need, each with the command that removed it; absent in reads recorded before it was kept. */
  gone: z.array(z.tuple([z.string(), z.string()])).optional(),
  /** The names of the files the call needs that the turn wrote or saw named in an output; null when the turn saw no output; absent in reads recorded before it was kept. */
  known: z.array(z.string()).nullable().optional(),
  lessons: z.array(StoredCallLessonSchema),
});

const precallRead = defineEvent({
  type: 'cortex.precall.read',
  v: 1,
  schema: () => z.object({
    /** The call it is read for (its `executive.tool.called` is the cause). */
    toolUseId: z.string(),
    /** What both scopes held; null when it is what the session's previous read (this or `cortex.context.read`) recorded. */
    memory: z.object({ global: ScopeReadSchema, project: ScopeReadSchema.nullable() }).nullable(),
    /** The stored recovery recipes that match the call (same tool, its target or its kind), as ranking candidates. */
    recipes: z.array(z.object({ id: z.string(), text: z.string(), confidence: z.number(), seenAt: z.number().nullable(), tools: z.array(z.string()) })),
    /** What the warning from the project's calls read; null when it is not asked (memory off, or the breaker already warned). */
    callWarning: CallWarningReadSchema.nullable(),
    /** With an embedder: each candidate's similarity in meaning to the call, by id (scores, never vectors); null when words alone rank. */
    meaning: z.array(z.tuple([z.string(), z.number()])).nullable(),
  }),
  emitter: 'cortex',
  consumers: ['replay'],
  description: 'What was read before a tool call (memory, matching recipes, the slice of the call record and call lessons, meaning scores): replay re-derives the warning (executive.tool.guarded) and the advice (cortex.context.injected) it causes.',
});

export const memoryEvents = [engramProposed, engramQueued, engramQuarantined, engramConfirmed, engramEncoded, engramRemoved, engramSuperseded, engramContradicted, contextInjected, candidatesRead, contextRead, precallRead] as const;
