import { byRecency, CHARS_PER_TOKEN, type EngramScope, estimateTokens, isScratchpadRelated, isoMs, type MemoryEntry, promptLine, rankRecall, recallIndex, type RecallDoc, RULE_KINDS, type RuleKind } from '@engram/kernel';
import { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from './context-budgets.js';
import { DATA_CLOSE, DATA_OPEN, DATA_PREAMBLE, framed, insideFrame } from './data-frame.js';
import { fitLines, type Candidate } from './fit-lines.js';
import type { ContextInjection, InjectedItem } from './injected-item.js';
import type { ScopeMemory } from './scope-memory.js';

export type ContextSectionKey = 'identity' | 'global-rules' | 'project-rules' | 'global-when' | 'project-when' | 'global-lessons' | 'project-lessons';

export interface ContextSection {
  readonly key: ContextSectionKey;
  /** The whole section as emitted: heading line and body. */
  readonly text: string;
  readonly tokens: number;
  readonly budget: number;
  /** The entries shown, in the order printed. */
  readonly entries: readonly MemoryEntry[];
  /** Candidates left out because the budget ran out. */
  readonly omitted: number;
}

/**
 * The part of the block that does not depend on the message: the profile and the always/never
 * rules, with the frame's opening. Pinned for a conversation, it is the same bytes at the start of
 * every turn's block, so a prompt cache keeps hitting.
 */
interface MemoryPrefix {
  /** The bytes every block built on this prefix starts with ("" when the prefix has no section). */
  readonly text: string;
  readonly sections: readonly ContextSection[];
}

export interface MemoryContext {
  /** Exactly what goes at the end of the system prompt: "" or two newlines then the sections, framed as data (`data-frame.ts`). */
  readonly text: string;
  /** The stable prefix the block starts with (`text.startsWith(prefix.text)`). */
  readonly prefix: MemoryPrefix;
  readonly sections: readonly ContextSection[];
  /** Entries that were candidates for the block but left out (budgets): the block's last line says how many. */
  readonly omitted: number;
  /** The `cortex.context.injected` data for the runtime to publish. */
  readonly injection: ContextInjection;
}

export interface MemoryContextInput {
  readonly global: ScopeMemory;
  /** Null for a session outside any project. */
  readonly project: ScopeMemory | null;
  /** The user's message: rules sharing a word with it are preferred when rules must be cut. */
  readonly message?: string;
  readonly budgets?: ContextBudgets;
  /** A prefix pinned earlier in the conversation (`buildMemoryPrefix`); built from the snapshot when absent. */
  readonly prefix?: MemoryPrefix;
  /**
   * With an embedder: each entry's text -> its similarity in meaning to the message (computed by
   * the caller, which may call a model; this function stays pure). Fused with the words' ranking.
   */
  readonly meaning?: ReadonlyMap<string, number>;
}

/** Anton's headings (anton.md §7.2); the dash is U+2014. */
export const SECTION_HEADINGS: Readonly<Record<ContextSectionKey, string>> = {
  identity: '## Your Memory \u2014 Identity',
  'global-rules': '## Your Memory \u2014 Global Rules',
  'project-rules': '## Your Memory \u2014 Project Rules',
  'global-when': '## Your Memory \u2014 Global Rules for This Message',
  'project-when': '## Your Memory \u2014 Project Rules for This Message',
  'global-lessons': '## Your Memory \u2014 Global Lessons',
  'project-lessons': '## Your Memory \u2014 Project Lessons',
};

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const kindHeading = (kind: string): string => `## ${capitalise(kind)}`;

/** A lesson as Anton shows it: its text and Anton's metadata keys (no engram internals). */

const assemble = (key: ContextSectionKey, budget: number, subHeading: string | null, candidates: readonly Candidate<MemoryEntry>[], order: (chosen: Candidate<MemoryEntry>[]) => Candidate<MemoryEntry>[]): ContextSection | null => {
  const heading = SECTION_HEADINGS[key];
  const fixed = heading.length + 1 + (subHeading === null ? 0 : subHeading.length + 1);
  const { chosen, omitted } = fitLines(candidates, budget * CHARS_PER_TOKEN, fixed, (g) => kindHeading(g).length + 1);
  if (chosen.length === 0) return null;
  const lines = [heading];
  if (subHeading !== null) lines.push(subHeading);
  let group: string | null = null;
  const printed = order(chosen);
  for (const c of printed) {
    if (c.group !== null && c.group !== group) lines.push(kindHeading(c.group));
    group = c.group;
    lines.push(insideFrame(c.line));
  }
  const text = lines.join('\n');
  return { key, text, tokens: estimateTokens(text), budget, entries: printed.map((c) => c.item), omitted };
};

const identitySection = (facts: readonly MemoryEntry[], budget: number): ContextSection | null => {
  // The newest facts are kept (the last in the file), then printed back in file order.
  const candidates = [...facts].reverse().map((item) => ({ item, line: `- ${item.text}`, group: null }));
  return assemble('identity', budget, '# Profile', candidates, (chosen) => facts.flatMap((f) => chosen.filter((c) => c.item === f)));
};

/**
 * Work that depends only on the stored entries is done once per snapshot (a store returns the same
 * arrays while its files are unchanged), so a prompt build only pays for what the message changes.
 */
const perArray = <K extends object, V>(compute: (k: K) => V): ((k: K) => V) => {
  const memo = new WeakMap<K, V>();
  return (k) => {
    let v = memo.get(k);
    if (v === undefined) {
      v = compute(k);
      memo.set(k, v);
    }
    return v;
  };
};

/** Shown rules split by priority, most recent first; the candidate line of each when-rule made once. */
const rulePlan = perArray((rules: readonly MemoryEntry[]) => {
  const shown = rules.filter((e): e is MemoryEntry & { kind: RuleKind } => e.kind !== null && (RULE_KINDS as readonly string[]).includes(e.kind) && !(e.kind === 'when' && isScratchpadRelated(e)));
  const recent = byRecency(shown);
  const candidate = (item: MemoryEntry): Candidate<MemoryEntry> => ({ item, line: `- ${item.text}`, group: item.kind });
  return {
    mandatory: recent.filter((e) => e.kind !== 'when').map(candidate),
    whenEntries: recent.filter((e) => e.kind === 'when'),
    whenCandidate: new Map(recent.filter((e) => e.kind === 'when').map((e) => [e, candidate(e)])),
  };
});

/** Ranked entries placed ahead of the rest: more than a section's budget can show (1,500 tokens at about 20 per line). */
const MAX_RANKED_ENTRIES = 200;

/** An entry as the ranking core reads it: its text, its kind as who made it, its topic as a tag, its date. */
const recallDoc = (e: MemoryEntry): RecallDoc => ({ text: e.text, who: e.kind, tags: e.topic === null ? [] : [e.topic], atMs: isoMs(e.updatedAt) });

/**
 * Entries written within this time of each other, one after the other, were told in one sitting
 * (a conversation's turns, one session's lessons): each is context for the next.
 */
const SITTING_MS = 30 * 60_000;

/**
 * The ranking index of a list of entries (most recent first), built once per snapshot, with each
 * entry's neighbours: the entries on either side of it in that order written in the same sitting.
 */
const entryIndex = perArray((entries: readonly MemoryEntry[]) => {
  const docs = entries.map(recallDoc);
  const together = (i: number, j: number): boolean => {
    const a = docs[i]?.atMs;
    const b = docs[j]?.atMs;
    return a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(a - b) <= SITTING_MS;
  };
  const neighbours = docs.map((_, i) => [i - 1, i + 1].filter((j) => j >= 0 && j < docs.length && together(i, j)));
  return { docs, index: recallIndex(docs), neighbours: (i: number): readonly number[] => neighbours[i] ?? [] };
});

/** Indices of `ordered` by similarity in meaning, best first (above 0 only; ties in `ordered`'s order), at most `MAX_RANKED_ENTRIES`. */
const byMeaning = (ordered: readonly MemoryEntry[], meaning: ReadonlyMap<string, number>): number[] =>
  ordered
    .map((e, i) => ({ i, s: meaning.get(e.text) ?? 0 }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, MAX_RANKED_ENTRIES)
    .map((x) => x.i);

/**
 * `ordered` (most recent first) with the entries relevant to the message first, best first (the
 * ranking core: `rankRecall`), then the others in their order. No message: `ordered` unchanged.
 */
const byRelevance = <C>(ordered: readonly MemoryEntry[], message: string, candidate: (e: MemoryEntry) => C | null, meaning?: ReadonlyMap<string, number>): C[] => {
  const out: C[] = [];
  const taken = new Set<number>();
  if (message.trim() !== '') {
    const { docs, index, neighbours } = entryIndex(ordered);
    const near = meaning === undefined ? undefined : byMeaning(ordered, meaning);
    for (const i of rankRecall(index, docs, message, MAX_RANKED_ENTRIES, near === undefined ? { neighbours } : { neighbours, meaning: near })) {
      const e = ordered[i];
      const c = e === undefined ? null : candidate(e);
      taken.add(i);
      if (c !== null) out.push(c);
    }
  }
  ordered.forEach((e, i) => {
    if (taken.has(i)) return;
    const c = candidate(e);
    if (c !== null) out.push(c);
  });
  return out;
};

/** The always/never rules of a scope: part of the stable prefix, so they never depend on the message. */
const rulesSection = (key: ContextSectionKey, rules: readonly MemoryEntry[], budget: number): ContextSection | null =>
  assemble(key, budget, null, rulePlan(rules).mandatory, (chosen) => RULE_KINDS.flatMap((k) => chosen.filter((c) => c.group === k)));

/** The when-rules of a scope ranked against the message (the ranking core), then the rest, most recent first. */
const whenSection = (key: ContextSectionKey, rules: readonly MemoryEntry[], budget: number, message: string, meaning?: ReadonlyMap<string, number>): ContextSection | null => {
  const plan = rulePlan(rules);
  return assemble(key, budget, null, byRelevance(plan.whenEntries, message, (e) => plan.whenCandidate.get(e) ?? null, meaning), (chosen) => chosen);
};

/** Lesson sections do not depend on the message: built once per snapshot, scope and budget. */
const lessonSections = perArray(() => new Map<string, ContextSection | null>());

/**
 * A lesson's candidate line, or null when it is scratchpad wisdom (shown elsewhere), per entry
 * object: a store that re-reads only what changed (PostgreSQL after a wake-up) hands back the same
 * objects for the unchanged entries, so a new lesson costs one line, not ten thousand.
 */
const lessonCandidate = perArray((item: MemoryEntry): Candidate<MemoryEntry> | null => (isScratchpadRelated(item) ? null : { item, line: promptLine(item, true), group: null }));

/** Lessons most recent first, per snapshot. */
const recentLessons = perArray((lessons: readonly MemoryEntry[]) => byRecency(lessons));

const lessonsSection = (key: ContextSectionKey, lessons: readonly MemoryEntry[], budget: number, message: string, meaning?: ReadonlyMap<string, number>): ContextSection | null => {
  // Without a message the section depends only on the snapshot: built once.
  if (message.trim() === '') {
    const cache = lessonSections(lessons);
    const id = `${key}:${budget}`;
    if (cache.has(id)) return cache.get(id) ?? null;
    const section = assemble(key, budget, '# Lessons', byRelevance(recentLessons(lessons), '', lessonCandidate), (chosen) => chosen);
    cache.set(id, section);
    return section;
  }
  return assemble(key, budget, '# Lessons', byRelevance(recentLessons(lessons), message, lessonCandidate, meaning), (chosen) => chosen);
};

const WHY: Readonly<Record<ContextSectionKey, string>> = {
  identity: 'identity fact',
  'global-rules': 'global rule',
  'project-rules': 'project rule',
  'global-when': 'global when-rule, relevant to the message first, then most recent first',
  'project-when': 'project when-rule, relevant to the message first, then most recent first',
  'global-lessons': 'global lesson, relevant to the message first, then most recent first',
  'project-lessons': 'project lesson, relevant to the message first, then most recent first',
};

const itemsOf = (s: ContextSection): InjectedItem[] => s.entries.map((e) => ({ id: e.id, kind: e.kind ?? e.section ?? 'unknown', text: e.text, why: WHY[s.key] }));

/** Lessons the block may show (scratchpad ones are the primer's), counted once per snapshot. */
const shownLessonCount = perArray((lessons: readonly MemoryEntry[]) => lessons.filter((e) => lessonCandidate(e) !== null).length);

/** The candidates of a scope's always/never rules and when-rules, and of its lessons (what the sections choose from). */
const candidateCount = (m: ScopeMemory): number => {
  const plan = rulePlan(m.rules);
  return plan.mandatory.length + plan.whenEntries.length + shownLessonCount(m.lessons);
};

/** The block's last line: how many entries it left out, so the model knows there is more to ask for. */
export const omittedLine = (n: number): string => `(${n} more remembered ${n === 1 ? 'entry' : 'entries'} not shown)`;

const scopesOf = (input: MemoryContextInput): readonly (readonly [EngramScope, ScopeMemory | null])[] => [
  ['global', input.global],
  ['project', input.project],
];

/**
 * The stable prefix of the memory block: the profile and each scope's always/never rules, within
 * their budgets, after the frame's opening and preamble. It reads no message, so a conversation
 * can pin it (same bytes every turn, a prompt cache keeps hitting). Pure.
 */
const buildMemoryPrefix = (input: MemoryContextInput): MemoryPrefix => {
  const budgets = input.budgets ?? DEFAULT_CONTEXT_BUDGETS;
  const sections = [
    identitySection(input.global.identities, budgets.identity),
    ...scopesOf(input).map(([scope, m]) => (m === null ? null : rulesSection(`${scope}-rules`, m.rules, budgets.rules))),
  ].filter((s): s is ContextSection => s !== null);
  const text = sections.length === 0 ? '' : `\n\n${DATA_OPEN}\n${DATA_PREAMBLE}\n${sections.map((s) => s.text).join('\n\n')}`;
  return { text, sections };
};

/**
 * The memory block for the end of the system prompt (anton.md §7.2): the stable prefix (identity,
 * global rules, project rules: `buildMemoryPrefix`, or the one pinned for the conversation), then
 * what follows the message: each scope's when-rules and lessons ranked against it (the ranking
 * core), each within its token budget counting every emitted character (a scope's when-rules get
 * what its always/never rules left of the rules budget), then one line saying how many entries
 * were left out. Pure and deterministic: no model is called (Anton made up to two LLM calls here,
 * §15.21) and the same memory, message and prefix give the same text, so a replay re-derives
 * what was injected. The sections sit inside one `<remembered-notes>` frame whose first line says
 * they are data, not instructions (docs/memory-trust.md); the frame and the last line are outside
 * the section budgets.
 */
export const buildMemoryContext = (input: MemoryContextInput): MemoryContext => {
  const budgets = input.budgets ?? DEFAULT_CONTEXT_BUDGETS;
  const message = input.message ?? '';
  const prefix = input.prefix ?? buildMemoryPrefix(input);
  const pinnedTokens = (key: ContextSectionKey): number => prefix.sections.find((s) => s.key === key)?.tokens ?? 0;
  const tail = [
    ...scopesOf(input).map(([scope, m]) => (m === null ? null : whenSection(`${scope}-when`, m.rules, Math.max(0, budgets.rules - pinnedTokens(`${scope}-rules`)), message, input.meaning))),
    ...scopesOf(input).map(([scope, m]) => (m === null ? null : lessonsSection(`${scope}-lessons`, m.lessons, budgets.lessons, message, input.meaning))),
  ].filter((s): s is ContextSection => s !== null);
  const sections = [...prefix.sections, ...tail];
  const candidates = input.global.identities.length + scopesOf(input).reduce((n, [, m]) => n + (m === null ? 0 : candidateCount(m)), 0);
  const shown = sections.reduce((n, s) => n + s.entries.length, 0);
  const omitted = Math.max(0, candidates - shown);
  const rest = [...tail.map((s) => s.text), ...(omitted > 0 ? [omittedLine(omitted)] : [])];
  let text = '';
  if (prefix.text !== '') text = `${prefix.text}${rest.length === 0 ? '' : `\n\n${rest.join('\n\n')}`}\n${DATA_CLOSE}`;
  else if (rest.length > 0) text = `\n\n${framed([DATA_PREAMBLE, rest.join('\n\n')])}`;
  return { text, prefix, sections, omitted, injection: { target: 'system-prompt', tool: null, items: sections.flatMap(itemsOf), tokens: estimateTokens(text) } };
};
