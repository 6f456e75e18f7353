import type { ProposalResult } from '@engram/cortex';
import { draft, type AnyDraft, type EngramKindSchema } from '@engram/events';
import type { z } from 'zod';
import { scrubSecrets, type EngramScope, type EventSink } from '@engram/kernel';
import type { MemoryFlags } from './open-active-brain.js';
import { openActiveMemory } from './open-active-memory.js';

/** Types that make a user's write worth a log of its own: it retired an entry, or met a contradiction. */
const RECORDED: ReadonlySet<string> = new Set(['hippocampus.engram.superseded', 'cortex.engram.contradicted']);

/** What `addUserEntry` proposes: the text, and the entries it corrects (ids or exact texts) with why. */
export interface UserEntry {
  readonly text: string;
  readonly kind: z.infer<typeof EngramKindSchema>;
  readonly scope: EngramScope;
  readonly corrects: readonly string[];
  readonly reason?: string;
}

/**
 * `engram memory add` on the active store: the user's own entry goes through the cortex like every
 * write (a proposal of origin `user`, which the gate always lets through), secrets scrubbed;
 * `corrects` retires the named entries into the history. Each retirement and contradiction is
 * recorded in an event log of the entry's scope (on PostgreSQL, the store's), with the read it was
 * decided against (`cortex.candidates.read`), so the audit sees it and replay proves it;
 * the proposal and the store's answer are not (they belong to a session's log, whose settings
 * replay checks an answer against). `notRetired`: the corrections that named no active entry.
 */
export const addUserEntry = async (flags: MemoryFlags, entry: UserEntry, env: NodeJS.ProcessEnv = process.env): Promise<{ readonly result: ProposalResult; readonly notRetired: readonly string[] }> => {
  const drafts: AnyDraft[] = [];
  const sink: EventSink = { publish: (type, data) => void drafts.push(draft(type, data) as AnyDraft) };
  const m = await openActiveMemory({ ...flags, sink }, env);
  const note = entry.reason?.trim() ?? '';
  let result: ProposalResult;
  try {
    result = await m.cortex.propose({
      engram: { text: scrubSecrets(entry.text), kind: entry.kind, scope: entry.scope, confidence: 'high', topic: null, source: 'user' },
      origin: 'user',
      ...(entry.corrects.length === 0 ? {} : { corrects: [...entry.corrects], note: note === '' ? 'corrected by the user' : scrubSecrets(note) }),
    });
    // With the read the write was decided against, so `engram replay --check` proves each retirement and contradiction.
    const recorded = drafts.some((d) => RECORDED.has(d.type)) ? drafts.filter((d) => RECORDED.has(d.type) || d.type === 'cortex.candidates.read') : [];
    if (recorded.length > 0) await m.record(result.scope ?? entry.scope, recorded);
  } finally {
    await m.close();
  }
  const retired = result.retired ?? [];
  return { result, notRetired: entry.corrects.filter((c) => !retired.some((x) => x.id === c || x.text === c)) };
};
