import { flattenArgs, type StrategyItem } from '@engram/cortex/core';
import { bm25Tokens } from '@engram/kernel';

/** Argument text read for the match: enough for paths, commands and names, not a pasted payload. */
const MAX_ARG_CHARS = 2_000;

/** Words a never rule must share with a call that it does not name by tool: one shared word is coincidence. */
const MIN_SHARED_WORDS = 2;

/**
 * The learned `never` rule that applies to a call about to run, if any: one that names the tool
 * itself (`read_file`, `publish`), or shares at least two words with its name and arguments.
 * Such a rule turns an `allow` into a `warn` the model sees; it never blocks, because a word match
 * is evidence of relevance, not proof of a violation (blocking is the breaker's, which counts
 * identical failures). Pure.
 */
export const neverRuleFor = (rules: readonly StrategyItem[], tool: string, args: unknown): StrategyItem | null => {
  const toolWord = tool.toLowerCase();
  const callWords = new Set(bm25Tokens(`${tool}\n${flattenArgs(args, MAX_ARG_CHARS)}`));
  for (const rule of rules) {
    if (rule.ruleKind !== 'never') continue;
    const words = new Set(bm25Tokens(rule.text));
    if (words.has(toolWord)) return rule;
    let shared = 0;
    for (const w of words) if (callWords.has(w) && ++shared >= MIN_SHARED_WORDS) return rule;
  }
  return null;
};

/** The explanation the model reads with a call a never rule applies to. */
export const neverRuleExplanation = (tool: string, rule: Pick<StrategyItem, 'text'>): string =>
  `Careful: a rule learned from past sessions applies to this ${tool} call: "${rule.text.trim()}". Check the call against it; if it breaks the rule, change the approach instead.`;
