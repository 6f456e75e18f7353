import type { EngramData } from '@engram/events';
import { EngramKindSchema, ScopeSchema } from '@engram/events';
import { scrubSecrets } from '@engram/kernel';
import { z } from 'zod';

/** Longer than any rule or lesson worth reading back; a page of text is an injection, not a memory. */
export const MAX_MEMORIZE_TEXT = 1_000;
/** Entries per call: a handful is normal; hundreds would flood memory in one turn. */
export const MAX_MEMORIZE_ENTRIES = 20;
/** Topic slugs are short labels. */
const MAX_TOPIC = 64;

export const MEMORIZE_TOOL_NAME = 'memorize';

export const MEMORIZE_DESCRIPTION = [
  'Store a rule or lesson in long-term memory when you learn something important or the user asks you to remember something.',
  'Kinds: always ("Always write large outputs to disk"), never ("Never print API keys"), when ("When a cell times out, split the work"),',
  'lesson ("The CoinGecko free tier allows about 50 requests a minute"), profile ("Name: Jorge").',
  'Scope: global (every project) or project (this one). The result says whether each entry was added, already known, queued for the user, or refused.',
].join(' ');

/**
 * The tool's input (anton.md §11.1). Kind and scope are read leniently, as Anton does (an
 * unknown kind falls back to lesson, an unknown scope to project), but text must be a string,
 * which Anton did not check (§15.25).
 */
export const MemorizeInputSchema = z.object({
  entries: z
    .array(
      z.object({
        text: z.string(),
        kind: z.string().optional(),
        scope: z.string().optional(),
        topic: z.string().optional(),
        supersedes: z.string().optional().describe('the id (or exact text) of a stored entry this one corrects; it is retired when this is stored'),
      }),
    )
    .describe('the memories to store'),
});
export type MemorizeInput = z.infer<typeof MemorizeInputSchema>;

export type MemorizeOutcome = 'added' | 'duplicate' | 'superseded' | 'queued' | 'refused';

export interface MemorizeEntryResult {
  readonly text: string;
  readonly kind: string;
  readonly outcome: MemorizeOutcome;
  /** Why it was refused or queued. */
  readonly reason: string | null;
}

/**
 * MCP's `memorize` takes one entry (`{text, kind, scope}`) where this tool takes `{entries: [...]}`:
 * a call in the one-entry shape is read as a list of one, so a model or host that learned either
 * shape is understood the same way (and replay, which plans from the recorded input, agrees).
 */
const asEntries = (input: unknown): unknown =>
  typeof input === 'object' && input !== null && !('entries' in input) && typeof (input as { readonly text?: unknown }).text === 'string' ? { entries: [input] } : input;

/** What the tool call turns into: engrams to propose, entries refused on sight, or an error for the whole call. */
export type MemorizePlan =
  | {
      readonly ok: true;
      readonly engrams: readonly EngramData[];
      readonly refused: readonly MemorizeEntryResult[];
      /** Per engram (same order): the stored entry it corrects (its `supersedes`), or null. */
      readonly corrections: readonly (string | null)[];
    }
  | { readonly ok: false; readonly message: string };

/**
 * Validates a memorize call and turns it into engrams (confidence high, source user, as in
 * Anton): text scrubbed of secrets and bounded, kind and scope defaulted. Pure.
 */
export const planMemorize = (input: unknown, enabled: boolean): MemorizePlan => {
  if (!enabled) return { ok: false, message: 'Memory encoding is disabled (memory mode off); nothing was stored.' };
  const parsed = MemorizeInputSchema.safeParse(asEntries(input));
  if (!parsed.success) return { ok: false, message: `Invalid memorize input: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}` };
  const { entries } = parsed.data;
  if (entries.length === 0) return { ok: false, message: 'No entries provided.' };
  if (entries.length > MAX_MEMORIZE_ENTRIES) return { ok: false, message: `Too many entries (${entries.length}); at most ${MAX_MEMORIZE_ENTRIES} per call.` };
  const engrams: EngramData[] = [];
  const corrections: (string | null)[] = [];
  const refused: MemorizeEntryResult[] = [];
  for (const e of entries) {
    const kind = EngramKindSchema.safeParse(e.kind).data ?? 'lesson';
    const text = scrubSecrets(e.text).trim();
    if (text === '') refused.push({ text, kind, outcome: 'refused', reason: 'empty text' });
    else if (text.length > MAX_MEMORIZE_TEXT) refused.push({ text: `${text.slice(0, 60)}...`, kind, outcome: 'refused', reason: `longer than ${MAX_MEMORIZE_TEXT} characters` });
    else {
      const topic = e.topic === undefined ? '' : scrubSecrets(e.topic).trim().slice(0, MAX_TOPIC);
      engrams.push({ text, kind, scope: ScopeSchema.safeParse(e.scope).data ?? 'project', confidence: 'high', topic: topic === '' ? null : topic, source: 'user' });
      const corrects = e.supersedes === undefined ? '' : scrubSecrets(e.supersedes).trim();
      corrections.push(corrects === '' ? null : corrects);
    }
  }
  return { ok: true, engrams, refused, corrections };
};

const DESCRIBE: Readonly<Record<MemorizeOutcome, string>> = {
  added: 'Stored',
  duplicate: 'Already known',
  superseded: 'Updated',
  queued: 'Queued for the user to confirm',
  refused: 'Refused',
};

/** The tool result: one line per entry saying what really happened (Anton claimed success before writing, §15.25). */
export const memorizeResultText = (results: readonly MemorizeEntryResult[]): string =>
  results.length === 0 ? 'No valid entries provided.' : results.map((r) => `${DESCRIBE[r.outcome]} ${r.kind}: ${r.text}${r.reason === null ? '' : ` (${r.reason})`}`).join('\n');

/** Whatever can store proposals: the cortex's `propose` fits. */
export type ProposeMemories = (engrams: readonly EngramData[], corrections: readonly (string | null)[]) => Promise<readonly { readonly outcome: MemorizeOutcome; readonly reason: string | null }[]>;

/** What a memorize call came to: an error for the whole call, or one result per entry (stored ones first, then those refused on sight). */
export type MemorizeReport = { readonly ok: false; readonly message: string } | { readonly ok: true; readonly entries: readonly MemorizeEntryResult[] };

/**
 * Validates a memorize call, proposes its entries through the cortex (which applies the gate
 * and awaits the write) and says what happened to each. Pure apart from the injected `propose`.
 */
export const memorizeReport = async (input: unknown, enabled: boolean, propose: ProposeMemories): Promise<MemorizeReport> => {
  const plan = planMemorize(input, enabled);
  if (!plan.ok) return plan;
  const outcomes = plan.engrams.length === 0 ? [] : await propose(plan.engrams, plan.corrections);
  const stored = plan.engrams.map((e, i): MemorizeEntryResult => ({ text: e.text, kind: e.kind ?? 'lesson', outcome: outcomes[i]?.outcome ?? 'refused', reason: outcomes[i]?.reason ?? (outcomes[i] === undefined ? 'not stored' : null) }));
  return { ok: true, entries: [...stored, ...plan.refused] };
};

/** A memorize report as the tool's text result. */
export const memorizeReportText = (report: MemorizeReport): string => (report.ok ? memorizeResultText(report.entries) : report.message);

/**
 * A memorize call the model (and the log, so the ACC sees it) must hear as failed: refused whole
 * (bad input, memory off), or not one entry stored, updated, queued or already known. A success
 * mark on such a call told the model its note was kept when nothing was.
 */
export const memorizeFailed = (report: MemorizeReport): boolean => !report.ok || report.entries.every((e) => e.outcome === 'refused');

/** The `memorize` tool's result: what happened to each entry, and whether the call failed. */
export interface MemorizeToolResult {
  readonly text: string;
  readonly failed: boolean;
}

/** A memorize report as the tool's result. */
export const memorizeToolResult = (report: MemorizeReport): MemorizeToolResult => ({ text: memorizeReportText(report), failed: memorizeFailed(report) });

/** The `memorize` tool handler: `memorizeReport` as text. */
export const handleMemorize = async (input: unknown, enabled: boolean, propose: ProposeMemories): Promise<string> => memorizeReportText(await memorizeReport(input, enabled, propose));
