import { bm25IndexOfTokens, bm25Tokens, CHARS_PER_TOKEN, estimateTokens, fuseRankings } from '@engram/kernel';
import { fitLines } from '../fit-lines.js';
import { confidenceLabel } from './confidence-label.js';
import { formatStrategies, strategyFrameLength, strategyLine } from './format-strategies.js';
import type { StrategyItem } from './strategy-item.js';
import { defaultStrategyParams, type StrategyParams } from './strategy-params.js';
import { strategyQuery } from './strategy-query.js';
import { strategyWhy } from './strategy-why.js';

const DAY_MS = 86_400_000;

export interface RankRequest {
  /** The tool about to be called (or whose description is being written). */
  readonly tool: string;
  /** The turn so far: the user's message, and whatever else the host thinks says what is going on. */
  readonly turnText: string;
  /** The call's arguments (keys and string values join the query); undefined for a description. */
  readonly args?: unknown;
  /**
   * What the call itself is (its program, subcommand and target), when the caller knows: before a
   * call an item must name one of its words. Default: the flattened arguments, which for a shell
   * command include a heredoc's whole body, whose prose matches any generic rule.
   */
  readonly callText?: string;
  readonly nowMs: number;
  /** Tokens the emitted block may take, heading included. */
  readonly budgetTokens: number;
  readonly params?: StrategyParams;
  /**
   * With an embedder: each item's text -> its similarity in meaning to the call (cosine; from the
   * stored vectors and the query's). The order is then the words' and the meaning's fused by
   * reciprocal rank; which items may be shown is still decided by their words (below).
   */
  readonly meaning?: ReadonlyMap<string, number>;
}

export interface RankedStrategy {
  readonly item: StrategyItem;
  readonly score: number;
  /** Why it was chosen, for the audit ("matches cbl, read_file; high confidence; seen 2d ago"). */
  readonly why: string;
}

export interface StrategyRanking {
  /** Best first; exactly what `formatStrategies` prints. */
  readonly chosen: readonly RankedStrategy[];
  /** Estimated tokens of the printed block (0 when nothing was chosen); never above the budget. */
  readonly tokens: number;
  /** Relevant items left out by the budget or the item cap (duplicates and irrelevant items are not counted). */
  readonly dropped: number;
}

/**
 * Tokens of each item's ranked text, kept while the item object lives: memory's candidates are
 * the same objects while the files are unchanged (`strategiesFromMemory`), so a ranking before
 * every tool call tokenises only what is new (tokenising is most of the cost of building BM25).
 */
const tokenCache = new WeakMap<StrategyItem, readonly string[]>();
const tokensOf = (item: StrategyItem): readonly string[] => {
  let tokens = tokenCache.get(item);
  if (tokens === undefined) {
    tokens = bm25Tokens(item.topic ? `${item.text}\n${item.topic}` : item.text);
    tokenCache.set(item, tokens);
  }
  return tokens;
};

/**
 * The turn's text is the same before every call of a turn and is most of the query (a task's
 * prompt runs to pages), so its tokens are kept for the last turn text seen. Tokens never span a
 * line break, so the query's tokens are the turn's followed by those of the tool and arguments.
 */
let lastTurn: { readonly text: string; readonly tokens: readonly string[] } = { text: '', tokens: [] };
const turnTokens = (text: string): readonly string[] => {
  if (lastTurn.text !== text) lastTurn = { text, tokens: bm25Tokens(text) };
  return lastTurn.tokens;
};

const recencyWeight = (ageMs: number | null, p: StrategyParams): number =>
  ageMs === null ? p.recencyFloor : p.recencyFloor + (1 - p.recencyFloor) * 0.5 ** (Math.max(0, ageMs) / DAY_MS / p.recencyHalfLifeDays);

const byRank = (a: RankedStrategy, b: RankedStrategy): number =>
  b.score - a.score || (b.item.seenAt ?? -Infinity) - (a.item.seenAt ?? -Infinity) || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0);

/**
 * Each item's relevance from the words' order (BM25 above 0) and the meaning's (cosine above 0)
 * fused by reciprocal rank (`fuseRankings`, ties by index so the order is deterministic), scaled so
 * the best item is 1 as the words' relevance is.
 */
const fusedRelevance = (raw: readonly number[], items: readonly StrategyItem[], meaning: ReadonlyMap<string, number>): number[] => {
  const order = (score: (i: number) => number): number[] =>
    items
      .map((_, i) => ({ i, s: score(i) }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.i);
  const fused = fuseRankings([order((i) => raw[i] ?? 0), order((i) => meaning.get(items[i]?.text ?? '') ?? 0)]);
  const top = Math.max(0, ...fused.values());
  return items.map((_, i) => (top > 0 ? (fused.get(i) ?? 0) / top : 0));
};

/**
 * Chooses what to put in front of the model before one tool call (Anton's unbuilt "Layer 3":
 * rules chosen by relevance). Each item is scored
 *
 *   score = (bm25 / best bm25  +  toolMatchBoost if item.tools names the tool) × confidence weight × recency weight
 *
 * where bm25 is Okapi BM25 of the item's text (and topic) against the query, the turn's text
 * plus the tool's name plus its flattened arguments, over the corpus of all candidates. An item
 * that does not name the tool and matches no query term, or matches less than `minRelevance` of
 * the best match, or (before a call: `args` given) matches none of the call's own terms, is never
 * chosen, however fresh or confident: nothing irrelevant is injected. The same text stored twice (both scopes) is offered
 * once. With `meaning` (an embedder), the bm25 term is the words' and the meaning's orders fused
 * (`fusedRelevance`); the filters above stay on words. Items are then taken best first while the exact printed block fits the budget (a long
 * one that does not fit is skipped, shorter ones may still fit), up to `maxItems`. Pure and
 * deterministic: ties go to the most recently seen, then to the smaller id.
 */
export const rankStrategies = (items: readonly StrategyItem[], request: RankRequest): StrategyRanking => {
  const p = request.params ?? defaultStrategyParams;
  const ownTerms = bm25Tokens(strategyQuery(request.tool, '', request.args, p.maxArgChars));
  const queryTerms = [...turnTokens(request.turnText), ...ownTerms];
  const index = bm25IndexOfTokens(items.map(tokensOf));
  const matches = items.map((_, i) => index.contributions(queryTerms, i));
  const raw = matches.map((m) => m.reduce((sum, c) => sum + c.score, 0));
  const best = raw.reduce((m, s) => Math.max(m, s), 0);
  const tool = request.tool.toLowerCase();
  // Before a call, an item must match the call itself (its arguments), not only the turn's words:
  // a rule that matches the task text alone would be shown at whatever call comes first.
  const callTerms = request.args === undefined ? null : new Set(request.callText === undefined ? ownTerms : bm25Tokens(request.callText));

  const fused = request.meaning === undefined ? null : fusedRelevance(raw, items, request.meaning);
  const relevant: RankedStrategy[] = [];
  items.forEach((item, i) => {
    const relevance = best > 0 ? (raw[i] ?? 0) / best : 0;
    const aboutTool = (item.tools ?? []).some((t) => t.toLowerCase() === tool);
    if (!aboutTool && !(relevance > 0 && relevance >= p.minRelevance)) return;
    if (!aboutTool && callTerms !== null && !(matches[i] ?? []).some((c) => callTerms.has(c.term))) return;
    const base = (fused === null ? relevance : (fused[i] ?? 0)) + (aboutTool ? p.toolMatchBoost : 0);
    if (!(base > 0)) return;
    const label = confidenceLabel(item.confidence, p);
    const ageMs = item.seenAt === null ? null : request.nowMs - item.seenAt;
    const score = base * p.confidenceWeights[label] * recencyWeight(ageMs, p);
    const why = strategyWhy({ terms: (matches[i] ?? []).map((c) => c.term), aboutTool: aboutTool ? request.tool : null, confidence: label, ageMs, maxTerms: p.whyTerms });
    relevant.push({ item, score, why });
  });
  relevant.sort(byRank);

  const seen = new Set<string>();
  const unique = relevant.filter((r) => {
    const key = r.item.text.replace(/\s+/g, ' ').trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const candidates = unique.map((r) => ({ item: r, line: strategyLine(r.item), group: null }));
  const fitted = fitLines(candidates, Math.max(0, request.budgetTokens) * CHARS_PER_TOKEN, strategyFrameLength(request.tool), () => 0);
  const chosen = fitted.chosen.slice(0, Math.max(0, p.maxItems)).map((c) => c.item);
  const text = formatStrategies(chosen, request.tool);
  return { chosen, tokens: text === '' ? 0 : estimateTokens(text), dropped: unique.length - chosen.length };
};
