import { byRecency, perObject, CHARS_PER_TOKEN, type EngramScope, estimateTokens, isScratchpadRelated, type MemoryEntry, promptLine, RULE_KINDS, type RuleKind } from '@engram/kernel';
import { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from './context-budgets.js';
import { DATA_CLOSE, DATA_OPEN, DATA_PREAMBLE, framed, insideFrame } from './data-frame.js';
import { fitByRelevance, shownLists } from './fit-by-relevance.js';
import { fitLines, type Candidate, type FittedLines } from './fit-lines.js';
import type { ContextInjection, InjectedItem } from './injected-item.js';
import type { MemoryPin } from './memory/memory-pin.js';
import type { ScopeMemory } from './scope-memory.js';
import { skillsSection, type OfferedSkill } from './skills-section.js';

export type ContextSectionKey = 'identity' | 'global-rules' | 'project-rules' | 'global-added' | 'project-added' | 'global-when' | 'project-when' | 'global-lessons' | 'project-lessons';

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
export interface MemoryPrefix {
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
  /**
   * The conversation's pin (`pinPrefix`): the prefix is built from the memory it holds, and the
   * profile facts and always/never rules written since follow in the "added" sections. Absent:
   * the prefix is built from this snapshot (a one-off block).
   */
  readonly pin?: MemoryPin;
  /** The saved skills, for a host that has `recall_skill`: offered after the notes, ranked against the message. Absent: no skills section. */
  readonly skills?: readonly OfferedSkill[];
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
  // engram's own: what was written after the conversation pinned its prefix.
  'global-added': '## Your Memory \u2014 Global Rules Added in This Conversation',
  'project-added': '## Your Memory \u2014 Project Rules Added in This Conversation',
  'global-when': '## Your Memory \u2014 Global Rules for This Message',
  'project-when': '## Your Memory \u2014 Project Rules for This Message',
  'global-lessons': '## Your Memory \u2014 Global Lessons',
  'project-lessons': '## Your Memory \u2014 Project Lessons',
};

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const kindHeading = (kind: string): string => `## ${capitalise(kind)}`;

/** A lesson as Anton shows it: its text and Anton's metadata keys (no engram internals). */

/** What a group's heading (`## When`) adds to a section when its first line is chosen. */
const groupCost = (kind: string): number => kindHeading(kind).length + 1;

/**
 * A section: its heading, then the candidates `fit` chooses within its budget (`fitLines`, given
 * the characters of the budget and of the headings), in the order `order` prints them.
 */
const assemble = (key: ContextSectionKey, budget: number, subHeading: string | null, fit: (limitChars: number, fixedChars: number) => FittedLines<MemoryEntry>, order: (chosen: Candidate<MemoryEntry>[]) => Candidate<MemoryEntry>[]): ContextSection | null => {
  const heading = SECTION_HEADINGS[key];
  const fixed = heading.length + 1 + (subHeading === null ? 0 : subHeading.length + 1);
  const { chosen, omitted } = fit(budget * CHARS_PER_TOKEN, fixed);
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
  return assemble('identity', budget, '# Profile', (limit, fixed) => fitLines(candidates, limit, fixed, groupCost), (chosen) => facts.flatMap((f) => chosen.filter((c) => c.item === f)));
};

/** A rule's candidate line, per entry object (a snapshot with one rule changed keeps the others' objects). */
const ruleCandidate = perObject((item: MemoryEntry): Candidate<MemoryEntry> => ({ item, line: `- ${item.text}`, group: item.kind }));

/** When-rules most recent first with their candidate lines, made from a recent list when only a few changed. */
const whenList = shownLists(ruleCandidate);

/** Shown rules split by priority, most recent first; the when-rules with their candidate lines. */
const rulePlan = perObject((rules: readonly MemoryEntry[]) => {
  const shown = rules.filter((e): e is MemoryEntry & { kind: RuleKind } => e.kind !== null && (RULE_KINDS as readonly string[]).includes(e.kind) && !(e.kind === 'when' && isScratchpadRelated(e)));
  const recent = byRecency(shown);
  return {
    mandatory: recent.filter((e) => e.kind !== 'when').map(ruleCandidate),
    when: whenList(recent.filter((e) => e.kind === 'when')),
  };
});

/** Sections that do not depend on the message (a scope's always/never rules; its lessons when there is no message), per snapshot array. */
const stableSections = perObject((_entries: readonly MemoryEntry[]) => new Map<string, ContextSection | null>());

/** A section that depends only on `entries`, `key` and `budget`: built once per snapshot, then the same object. */
const stableSection = (entries: readonly MemoryEntry[], key: ContextSectionKey, budget: number, build: () => ContextSection | null): ContextSection | null => {
  const cache = stableSections(entries);
  const id = `${key}:${budget}`;
  if (cache.has(id)) return cache.get(id) ?? null;
  const section = build();
  cache.set(id, section);
  return section;
};

/** The always/never rules of a scope: part of the stable prefix, so they never depend on the message (built once per snapshot). */
const rulesSection = (key: ContextSectionKey, rules: readonly MemoryEntry[], budget: number): ContextSection | null =>
  stableSection(rules, key, budget, () => assemble(key, budget, null, (limit, fixed) => fitLines(rulePlan(rules).mandatory, limit, fixed, groupCost), (chosen) => RULE_KINDS.flatMap((k) => chosen.filter((c) => c.group === k))));

/** The when-rules of a scope ranked against the message (the ranking core), then the rest, most recent first. */
const whenSection = (key: ContextSectionKey, rules: readonly MemoryEntry[], budget: number, message: string, meaning?: ReadonlyMap<string, number>): ContextSection | null =>
  assemble(key, budget, null, (limit, fixed) => fitByRelevance(rulePlan(rules).when, message, meaning, limit, fixed, groupCost), (chosen) => chosen);

/**
 * A lesson's candidate line, or null when it is scratchpad wisdom (shown elsewhere), per entry
 * object: a store that re-reads only what changed (PostgreSQL after a wake-up) hands back the same
 * objects for the unchanged entries, so a new lesson costs one line, not ten thousand.
 */
const lessonCandidate = perObject((item: MemoryEntry): Candidate<MemoryEntry> | null => (isScratchpadRelated(item) ? null : { item, line: promptLine(item, true), group: null }));

/** Lessons most recent first with their candidate lines, per snapshot (made from a recent list when only a few changed). */
const lessonList = shownLists(lessonCandidate);
const lessonPlan = perObject((lessons: readonly MemoryEntry[]) => lessonList(byRecency(lessons)));

const lessonsSection = (key: ContextSectionKey, lessons: readonly MemoryEntry[], budget: number, message: string, meaning?: ReadonlyMap<string, number>): ContextSection | null => {
  const build = () => assemble(key, budget, '# Lessons', (limit, fixed) => fitByRelevance(lessonPlan(lessons), message, meaning, limit, fixed, groupCost), (chosen) => chosen);
  // Without a message the section depends only on the snapshot: built once.
  return message.trim() === '' ? stableSection(lessons, key, budget, build) : build();
};

const WHY: Readonly<Record<ContextSectionKey, string>> = {
  identity: 'identity fact',
  'global-rules': 'global rule',
  'project-rules': 'project rule',
  'global-added': 'global rule or profile fact written after the conversation pinned its prefix',
  'project-added': 'project rule written after the conversation pinned its prefix',
  'global-when': 'global when-rule, relevant to the message first, then most recent first',
  'project-when': 'project when-rule, relevant to the message first, then most recent first',
  'global-lessons': 'global lesson, relevant to the message first, then most recent first',
  'project-lessons': 'project lesson, relevant to the message first, then most recent first',
};

const itemsOf = (s: ContextSection): InjectedItem[] => s.entries.map((e) => ({ id: e.id, kind: e.kind ?? e.section ?? 'unknown', text: e.text, why: WHY[s.key] }));

/** The candidates of a scope's always/never rules and when-rules, and of its lessons (what the sections choose from; scratchpad lessons are the primer's). */
const candidateCount = (m: ScopeMemory): number => {
  const plan = rulePlan(m.rules);
  return plan.mandatory.length + plan.when.count + lessonPlan(m.lessons).count;
};

/** The block's last line: how many entries it left out, so the model knows there is more to ask for. */
export const omittedLine = (n: number): string => `(${n} more remembered ${n === 1 ? 'entry' : 'entries'} not shown)`;

const scopesOf = (input: Pick<MemoryContextInput, 'global' | 'project'>): readonly (readonly [EngramScope, ScopeMemory | null])[] => [
  ['global', input.global],
  ['project', input.project],
];

/** The prefix's inputs: the profile and each scope's always/never rules, and their budgets. */
type PrefixInput = Pick<MemoryContextInput, 'global' | 'project'> & { readonly budgets?: Pick<ContextBudgets, 'identity' | 'rules'> };

/**
 * The stable prefix of the memory block: the profile and each scope's always/never rules, within
 * their budgets, after the frame's opening and preamble. It reads no message, so a conversation
 * can pin it (same bytes every turn, a prompt cache keeps hitting). Pure.
 */
export const buildMemoryPrefix = (input: PrefixInput): MemoryPrefix => {
  const budgets = input.budgets ?? DEFAULT_CONTEXT_BUDGETS;
  const sections = [
    identitySection(input.global.identities, budgets.identity),
    ...scopesOf(input).map(([scope, m]) => (m === null ? null : rulesSection(`${scope}-rules`, m.rules, budgets.rules))),
  ].filter((s): s is ContextSection => s !== null);
  const text = sections.length === 0 ? '' : `\n\n${DATA_OPEN}\n${DATA_PREAMBLE}\n${sections.map((s) => s.text).join('\n\n')}`;
  return { text, sections };
};

/** The prefix a block starts with: the pinned memory's (built once per pin object), else this snapshot's. */
const pinnedPrefix = perObject((pin: MemoryPin): MemoryPrefix => buildMemoryPrefix({ ...pin.memory, budgets: pin.budgets }));

const idsOf = (entries: readonly MemoryEntry[] | undefined): ReadonlySet<string> => new Set((entries ?? []).map((e) => e.id));

/**
 * A scope's always/never rules (and, in the global scope, profile facts) written after the pin:
 * the pinned prefix keeps its bytes, so these follow it, within what the prefix left of the
 * scope's rules budget. Rules first, most recent first; printed by kind, then the profile.
 */
const addedSection = (scope: EngramScope, m: ScopeMemory, pin: MemoryPin, budget: number): ContextSection | null => {
  const pinned = scope === 'global' ? pin.memory.global : pin.memory.project;
  const rules = idsOf(pinned?.rules);
  const facts = idsOf(pinned?.identities);
  const candidates = [
    ...rulePlan(m.rules).mandatory.filter((c) => !rules.has(c.item.id)),
    ...(scope === 'global' ? [...m.identities].reverse().filter((e) => !facts.has(e.id)).map((item) => ({ item, line: `- ${item.text}`, group: 'profile' })) : []),
  ];
  if (candidates.length === 0) return null;
  return assemble(`${scope}-added`, budget, null, (limit, fixed) => fitLines(candidates, limit, fixed, groupCost), (chosen) => [...RULE_KINDS, 'profile'].flatMap((k) => chosen.filter((c) => c.group === k)));
};

/**
 * The memory block for the end of the system prompt (anton.md §7.2): the stable prefix (identity,
 * global rules, project rules: `buildMemoryPrefix`, of the conversation's pin when there is one,
 * followed by what was written since), then what follows the message: each scope's when-rules
 * and lessons ranked against it (the ranking core), each within its token budget counting every
 * emitted character (a scope's when-rules get what its always/never rules left of the rules
 * budget), then one line saying how many entries were left out, then the saved skills ranked
 * against the message (`skillsSection`). Pure and deterministic: no model is called (Anton made
 * up to two LLM calls here, §15.21) and the same memory, message, pin and skills give the same
 * text, so a replay re-derives what was injected. The notes sit inside one `<remembered-notes>`
 * frame whose first line says they are data, not instructions (docs/memory-trust.md); the frame,
 * the last line and the skills are outside the section budgets.
 */
export const buildMemoryContext = (input: MemoryContextInput): MemoryContext => {
  const budgets = input.budgets ?? DEFAULT_CONTEXT_BUDGETS;
  const message = input.message ?? '';
  const pin = input.pin;
  const prefix = pin === undefined ? buildMemoryPrefix(input) : pinnedPrefix(pin);
  const tokensOf = (sections: readonly (ContextSection | null)[], key: ContextSectionKey): number => sections.find((s) => s?.key === key)?.tokens ?? 0;
  const added = scopesOf(input).map(([scope, m]) => (m === null || pin === undefined ? null : addedSection(scope, m, pin, Math.max(0, budgets.rules - tokensOf(prefix.sections, `${scope}-rules`)))));
  const rulesLeft = (scope: EngramScope): number => Math.max(0, budgets.rules - tokensOf(prefix.sections, `${scope}-rules`) - tokensOf(added, `${scope}-added`));
  const tail = [
    ...added,
    ...scopesOf(input).map(([scope, m]) => (m === null ? null : whenSection(`${scope}-when`, m.rules, rulesLeft(scope), message, input.meaning))),
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
  const skills = input.skills === undefined ? null : skillsSection(input.skills, message, budgets.skills);
  if (skills !== null && skills.text !== '') text = `${text}\n\n${skills.text}`;
  const items = [...sections.flatMap(itemsOf), ...(skills?.items ?? [])];
  return { text, prefix, sections, omitted, injection: { target: 'system-prompt', tool: null, items, tokens: estimateTokens(text) } };
};
