import type { EventData, TrustTier } from '@engram/events';
import { mayReplace, trustOf, type EngramScope, type MemoryEntry, type SupersedeReason } from '@engram/kernel';
import { findContradictions } from '../contradiction/find-contradictions.js';
import type { ProposalOrigin } from '../proposal-origin.js';
import { routeScope } from '../route-scope.js';

/** The recorded read a write is decided against (`cortex.candidates.read`). */
export type CandidatesRead = EventData<'cortex.candidates.read'>;
type Candidate = CandidatesRead['candidates'][number];

/** An entry the write would retire: one it corrects (judge null) or one it contradicts. */
interface WriteTarget {
  readonly entry: MemoryEntry;
  readonly scope: EngramScope;
  readonly reason: SupersedeReason;
  /** Who judged a contradiction; null for an explicit correction. */
  readonly judge: 'llm' | 'heuristic' | null;
  readonly why: string;
}

/**
 * What a write does, decided from its proposal and the recorded read alone:
 * - `refuse`: not a rule, lesson or fact (no kind);
 * - `queue`: it would retire an entry a more trusted writer stored (`blocked`): both wait for the user;
 * - `store`: write it to `scope`, retire the slot `rivals` first, then the `targets` once it is stored.
 */
export type WritePlan =
  | { readonly action: 'refuse'; readonly scope: EngramScope; readonly reason: string }
  | { readonly action: 'queue'; readonly scope: EngramScope; readonly targets: readonly WriteTarget[]; readonly blocked: readonly WriteTarget[] }
  | { readonly action: 'store'; readonly scope: EngramScope; readonly rivals: readonly { readonly scope: EngramScope; readonly entry: MemoryEntry }[]; readonly targets: readonly WriteTarget[] };

/**
 * Whose claims are checked for contradictions: the user's and the model's. A detector's lesson
 * (ACC, cerebellum, instincts) is engram's own templated text; its variants replace each other
 * through their detector slot (`rivals`), not through a judgement.
 */
const CLAIM_ORIGINS: ReadonlySet<ProposalOrigin> = new Set(['user', 'memorize', 'consolidation']);

/** Whether a write of this engram from this origin is checked for contradictions at all (so the effect reads and judges only then). */
export const checksContradictions = (kind: string | null, origin: ProposalOrigin): boolean => kind !== 'profile' && CLAIM_ORIGINS.has(origin);

const normalized = (t: string): string => t.replace(/\s+/g, ' ').trim().toLowerCase();

/** A recorded entry as the stores hand it (the schema's optional trust is absent, never undefined). */
const entryOf = (c: Candidate): MemoryEntry => c.entry as MemoryEntry;

/** The entries the write corrects, by id or text, in both scopes (global first), each once. */
const corrections = (read: CandidatesRead): WriteTarget[] => {
  if (read.corrects.length === 0) return [];
  const seen = new Set<string>();
  const out: WriteTarget[] = [];
  for (const s of ['global', 'project'] as const)
    for (const c of read.candidates) {
      if (c.scope !== s || seen.has(c.entry.id) || !read.corrects.some((x) => x === c.entry.id || normalized(x) === normalized(c.entry.text))) continue;
      seen.add(c.entry.id);
      out.push({ entry: entryOf(c), scope: s, reason: 'correction', judge: null, why: read.note });
    }
  return out;
};

/**
 * The active rules and lessons of the write's scope a contradiction is looked for among (what a
 * model judge is shown): none when contradictions are not checked; never an entry it corrects.
 */
export const contradictionPool = (read: CandidatesRead): MemoryEntry[] => {
  if (read.contradictions === null || !checksContradictions(read.engram.kind, read.origin)) return [];
  const scope = routeScope(read.engram, read.hasProject);
  const seen = new Set(corrections(read).map((t) => t.entry.id));
  return read.candidates.filter((c) => c.scope === scope && c.list !== 'identities' && !seen.has(c.entry.id) && c.entry.text !== read.engram.text).map(entryOf);
};

/** The entries of the pool the write contradicts: the model's recorded verdicts, else the heuristic. */
const contradictions = (read: CandidatesRead, scope: EngramScope): WriteTarget[] => {
  const active = contradictionPool(read);
  if (read.contradictions === null || active.length === 0) return [];
  if (read.judged !== null) {
    const byId = new Map(active.map((e) => [e.id, e]));
    // A model may name one entry twice: it is retired once, for the first reason given.
    return read.judged.flatMap((j) => {
      const entry = byId.get(j.entryId);
      byId.delete(j.entryId);
      return entry === undefined ? [] : [{ entry, scope, reason: 'contradiction' as const, judge: 'llm' as const, why: j.reason }];
    });
  }
  return findContradictions(read.engram.text, read.engram.kind, active, read.contradictions).map((c) => ({ entry: c.entry, scope, reason: 'contradiction' as const, judge: 'heuristic' as const, why: c.reason }));
};

/**
 * The memory core's decision for one write (pure): where it is routed, what it retires
 * (corrections, contradictions it wins), which slot rivals it supersedes, whether it must wait for
 * the user (a conflict with a more trusted entry: trust order user > detector > model > quoted) or
 * is refused. The `Cortex` effect records the read, asks this, and carries the plan out; replay
 * asks it again from the recorded read and checks what the effect published.
 */
export const decideWrite = (read: CandidatesRead): WritePlan => {
  const scope = routeScope(read.engram, read.hasProject);
  if (read.engram.kind === null) return { action: 'refuse', scope, reason: 'no kind: not a rule, lesson or fact' };
  const corrected = corrections(read);
  const targets = [...corrected, ...contradictions(read, scope)];
  const writer: TrustTier = read.trust;
  const blocked = targets.filter((t) => !mayReplace(writer, trustOf(t.entry)));
  if (blocked.length > 0) return { action: 'queue', scope, targets, blocked };
  const rivalTexts = read.rivals.filter((r) => r !== read.engram.text);
  const rivals = rivalTexts.length === 0 ? [] : read.candidates.filter((c) => c.scope === scope && c.list !== 'identities' && rivalTexts.includes(c.entry.text)).map((c) => ({ scope, entry: entryOf(c) }));
  // A rival goes first (before the write); retiring it again as a target would find it gone.
  const rivalIds = new Set(rivals.map((r) => r.entry.id));
  return { action: 'store', scope, rivals, targets: targets.filter((t) => !(t.scope === scope && rivalIds.has(t.entry.id))) };
};
