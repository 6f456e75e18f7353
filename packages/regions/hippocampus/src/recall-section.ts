import { byRecency, CHARS_PER_TOKEN, estimateTokens, isScratchpadRelated, promptLine, RULE_KINDS, type MemoryEntry, type RecallRequest, type RecallResult } from '@engram/kernel';
import { sanitizeSlug } from './sanitize-slug.js';

/** Entries of one scope in file order (the order recency ties fall back on). */
export interface RecallSource {
  readonly rules: readonly MemoryEntry[];
  readonly lessons: readonly MemoryEntry[];
  readonly identities: readonly MemoryEntry[];
}

/** The shortest line that could still fit (`- x` and its line break): below this the walk stops. */
const MIN_LINE_CHARS = 4;
/** Anton's priority for the scratchpad primer: high first; medium, missing and unknown next; low last. */
const CONFIDENCE_RANK = (e: MemoryEntry): number => (e.confidence === 'high' ? 0 : e.confidence === 'low' ? 2 : 1);

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

interface Layout {
  /** First line, or null for none. */
  readonly header: string | null;
  /** Candidates in priority order. */
  readonly candidates: readonly MemoryEntry[];
  readonly line: (e: MemoryEntry) => string;
  /** Groups lines under sub-headings (rules sections); null for a flat list. */
  readonly groupOf: ((e: MemoryEntry) => string) | null;
  /** Order of emitted lines: by priority, or back in file order (profile). */
  readonly emitInFileOrder: readonly MemoryEntry[] | null;
}

const groupHeading = (group: string): string => `\n## ${capitalise(group)}\n`;

/**
 * Chooses entries in priority order while the text that would be emitted (header, group
 * headings, `- ` markers, metadata, line breaks) stays within the budget; an entry that does
 * not fit is skipped and smaller later ones may still fit. Anton counted the entry text only,
 * so its output overran the budget (anton.md §15.20).
 */
const layOut = (layout: Layout, tokenBudget: number | null): RecallResult => {
  const limit = tokenBudget === null ? Infinity : Math.max(0, tokenBudget) * CHARS_PER_TOKEN;
  const headerCost = layout.header === null ? 0 : layout.header.length + 1;
  let used = headerCost;
  const chosen = new Set<MemoryEntry>();
  const groupsUsed = new Set<string>();
  let omitted = 0;
  for (const e of layout.candidates) {
    if (limit - used < MIN_LINE_CHARS) {
      omitted++;
      continue;
    }
    const group = layout.groupOf?.(e) ?? null;
    const cost = layout.line(e).length + 1 + (group !== null && !groupsUsed.has(group) ? groupHeading(group).length : 0);
    if (used + cost > limit) {
      omitted++;
      continue;
    }
    used += cost;
    chosen.add(e);
    if (group !== null) groupsUsed.add(group);
  }
  if (chosen.size === 0) return { text: '', tokens: 0, entries: [], omitted };
  const ordered = layout.emitInFileOrder === null ? [...chosen] : layout.emitInFileOrder.filter((e) => chosen.has(e));
  let text = layout.header === null ? '' : `${layout.header}\n`;
  if (layout.groupOf === null) {
    for (const e of ordered) text += `${layout.line(e)}\n`;
  } else {
    const groups = new Map<string, MemoryEntry[]>();
    for (const e of ordered) {
      const g = layout.groupOf(e);
      const list = groups.get(g);
      if (list === undefined) groups.set(g, [e]);
      else list.push(e);
    }
    const known = RULE_KINDS.filter((k) => groups.has(k));
    const others = [...groups.keys()].filter((g) => !(RULE_KINDS as readonly string[]).includes(g));
    for (const g of [...known, ...others]) {
      text += groupHeading(g);
      for (const e of groups.get(g) ?? []) text += `${layout.line(e)}\n`;
    }
  }
  return { text, tokens: estimateTokens(text), entries: ordered, omitted };
};

/** Formats one section of one scope for a prompt; pure, so the same memory gives the same text. */
export const recallSection = (source: RecallSource, request: RecallRequest): RecallResult => {
  const withMeta = (e: MemoryEntry) => promptLine(e, true);
  const exclude = request.excludeScratchpad === true;
  switch (request.section) {
    case 'lessons':
      return layOut(
        { header: '# Lessons', candidates: byRecency(exclude ? source.lessons.filter((e) => !isScratchpadRelated(e)) : source.lessons), line: withMeta, groupOf: null, emitInFileOrder: null },
        request.tokenBudget,
      );
    case 'rules': {
      const rules = exclude ? source.rules.filter((e) => !(e.kind === 'when' && isScratchpadRelated(e))) : source.rules;
      return layOut({ header: '# Rules', candidates: byRecency(rules), line: withMeta, groupOf: (e) => e.section ?? 'rules', emitInFileOrder: null }, request.tokenBudget);
    }
    case 'identity':
      return layOut(
        { header: '# Profile', candidates: [...source.identities].reverse(), line: (e) => promptLine(e, false), groupOf: null, emitInFileOrder: source.identities },
        request.tokenBudget,
      );
    case 'topic': {
      const slug = sanitizeSlug(request.topic ?? '');
      return layOut({ header: `# ${slug}`, candidates: byRecency(source.lessons.filter((e) => e.topic === slug)), line: withMeta, groupOf: null, emitInFileOrder: null }, request.tokenBudget);
    }
    case 'scratchpad-wisdom': {
      const candidates = byRecency([...source.rules.filter((e) => e.kind === 'when' && isScratchpadRelated(e)), ...source.lessons.filter(isScratchpadRelated)]);
      const ranked = candidates.map((e, i) => ({ e, i })).sort((a, b) => CONFIDENCE_RANK(a.e) - CONFIDENCE_RANK(b.e) || a.i - b.i);
      const seen = new Set<string>();
      const unique = ranked.map((x) => x.e).filter((e) => (seen.has(e.text) ? false : (seen.add(e.text), true)));
      return layOut({ header: null, candidates: unique, line: (e) => promptLine(e, false), groupOf: null, emitInFileOrder: null }, request.tokenBudget);
    }
  }
};
