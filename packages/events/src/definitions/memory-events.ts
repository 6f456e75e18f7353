import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { Count, EngramSchema, MemoryModeSchema } from './shared-schemas.js';

/** Memory proposals, the encoding gate, encodings and what reached the prompt. */

export const ProposalOriginSchema = z.enum(['memorize', 'acc', 'cerebellum', 'consolidation', 'basal-ganglia', 'user']);

export const engramProposed = defineEvent({
  type: 'cortex.engram.proposed',
  v: 1,
  schema: z.object({ proposalId: z.string(), engram: EngramSchema, origin: ProposalOriginSchema, gate: MemoryModeSchema }),
  emitter: 'cortex',
  consumers: ['hippocampus', 'replay', 'audit'],
  description: 'Something wants to be remembered; the gate in force decides whether it is stored, queued or dropped.',
});

export const engramQueued = defineEvent({
  type: 'cortex.engram.queued',
  v: 1,
  schema: z.object({ proposalId: z.string(), pendingId: z.string() }),
  emitter: 'cortex',
  consumers: ['executive', 'host', 'audit'],
  description: 'Copilot mode: a proposal waits for the user; shown after the answer and by `engram memory pending`.',
});

export const engramConfirmed = defineEvent({
  type: 'cortex.engram.confirmed',
  v: 1,
  schema: z.object({ pendingId: z.string(), decision: z.enum(['accepted', 'rejected']), by: z.enum(['user', 'host']) }),
  emitter: 'cortex',
  consumers: ['hippocampus', 'audit'],
  description: 'A queued proposal was accepted or rejected.',
});

export const engramEncoded = defineEvent({
  type: 'hippocampus.engram.encoded',
  v: 1,
  schema: z.object({
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
export const engramRemoved = defineEvent({
  type: 'hippocampus.engram.removed',
  v: 1,
  schema: z.object({
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

export const InjectionTargetSchema = z.enum(['system-prompt', 'tool-description', 'pre-call', 'nudge']);

export const contextInjected = defineEvent({
  type: 'cortex.context.injected',
  v: 1,
  schema: z.object({
    target: InjectionTargetSchema,
    tool: z.string().nullable(),
    items: z.array(z.object({ id: z.string(), kind: z.string(), text: z.string(), why: z.string() })),
    tokens: Count,
  }),
  emitter: 'cortex',
  consumers: ['audit', 'basal-ganglia', 'replay'],
  description: 'Learned items were put in front of the model: what, why, where; the injection audit reads these.',
});

export const memoryEvents = [engramProposed, engramQueued, engramConfirmed, engramEncoded, engramRemoved, contextInjected] as const;
