import { describePattern, InstinctStore, type Instinct, type InstinctStorePort } from '@engram/basal-ganglia';
import type { EventData } from '@engram/events';
import { estimateTokens } from '@engram/kernel';
import type { EngramPaths } from './engram-paths.js';
import type { BrainStores } from './brain-stores.js';
import { compareCodeUnits } from '@engram/kernel';

/** Tokens the habits block may take: a handful of one-line rules, never a rival to the memory block. */
const HABITS_BUDGET_TOKENS = 300;

type Injection = EventData<'cortex.context.injected'>;

/** The promoted instincts of the project and the global store (project first; an id once), from the brain's stores (the files by default). */
export const readPromotedHabits = async (paths: EngramPaths, stores?: BrainStores): Promise<{ habits: Instinct[]; problems: string[] }> => {
  const of = (dir: string, scope: 'global' | 'project'): InstinctStorePort => (stores === undefined ? new InstinctStore(dir) : stores.instincts(scope));
  const sources = [...(paths.projectInstinctsDir === null ? [] : [of(paths.projectInstinctsDir, 'project')]), of(paths.globalInstinctsDir, 'global')];
  const seen = new Set<string>();
  const habits: Instinct[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    const stored = await source.read();
    problems.push(...stored.problems.map((p) => `${p.file}: ${p.problem}`));
    for (const i of stored.tracked)
      if (i.status === 'promoted' && !seen.has(i.id)) {
        seen.add(i.id);
        habits.push(i);
      }
  }
  habits.sort((a, b) => b.confidence - a.confidence || compareCodeUnits(a.id, b.id));
  return { habits, problems };
};

/**
 * The prompt block for promoted instincts (the habit loop's generated rules), strongest first
 * within its budget, and the injection record that carries each instinct's id: the habit loop
 * reads those ids back so observations made while a rule was shown never confirm it.
 */
export const habitsBlock = (habits: readonly Instinct[], budgetTokens = HABITS_BUDGET_TOKENS): { text: string; injection: Injection | null } => {
  const lines: string[] = [];
  const items: Injection['items'] = [];
  let tokens = estimateTokens('## Habits that worked\n');
  for (const i of habits) {
    const text = describePattern(i.kind, i.tools);
    const line = `- ${text} (${Math.round(i.confidence * 100)}%, seen ${i.observations}x)`;
    const cost = estimateTokens(`${line}\n`);
    if (tokens + cost > budgetTokens) break;
    tokens += cost;
    lines.push(line);
    items.push({ id: i.id, kind: 'instinct', text, why: `promoted instinct: ${i.observations} observations over ${i.sessions} sessions` });
  }
  if (lines.length === 0) return { text: '', injection: null };
  return { text: `## Habits that worked\n${lines.join('\n')}\n`, injection: { target: 'system-prompt', tool: null, items, tokens } };
};
