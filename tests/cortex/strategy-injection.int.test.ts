import { Cortex, DEFAULT_STRATEGY_BUDGET, defaultStrategyParams, PendingQueue, pendingPathFor, staleStrategies, type StrategyItem } from '@engram/cortex';
import { rankStrategies } from '@engram/cortex/core';
import { validateData } from '@engram/events';
import { FileSemanticStore } from '@engram/hippocampus';
import { bm25Tokens, estimateTokens, manualClock, type EncodeRequest, type SemanticStore } from '@engram/kernel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Proactive strategy injection over real memory files: 200 rules in the two scopes' rules.md,
 * three of them about reading legacy COBOL sources that are not UTF-8, a handful that share a
 * word or two with the turn (an error, a file, a path), and many about other work entirely.
 */
const DAY = 86_400_000;
const START = '2026-09-01T09:00:00.000Z';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-strategies-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const RELEVANT = {
  charset: { text: 'When read_file fails on a .cbl file with an encoding error, check the charset with `file -i` first', kind: 'when', confidence: 'high' },
  ebcdic: { text: 'Files under legacy/ are EBCDIC (cp037): convert them with iconv -f cp037 -t utf-8 before read_file', kind: 'always', confidence: 'medium' },
  retry: { text: 'Never retry read_file on the same path after a decode error; convert the encoding first', kind: 'never', confidence: 'high' },
} as const satisfies Record<string, EncodeRequest>;

const IRRELEVANT: EncodeRequest = { text: 'Always merge pandas dataframes on explicit keys and validate one_to_one', kind: 'always', confidence: 'high' };

/** Rules that share a word with the turn (error, file, path, invalid, start, byte, legacy, payroll) but are about something else. */
const NEAR_MISSES: readonly string[] = [
  'When the docker build fails with a network error, retry with the host network',
  'Write CSV exports as one file per day with a header row',
  'When a SQL query returns an invalid date, cast the column explicitly',
  'Start the dev server with npm run dev before opening the browser',
  'Log the byte size of every upload to the metrics dashboard',
  'Keep legacy API endpoints listed in the changelog until removal',
  'The payroll dashboard refreshes nightly at two',
  'Put the virtualenv path in .python-version for pyenv',
  'When a test fails with a timeout error, rerun it alone before changing it',
  'Keep one migration file per schema change',
];

const TOPICS = ['kubernetes', 'terraform', 'grafana', 'postgres', 'redis', 'kafka', 'react', 'webpack', 'jest', 'django', 'flask', 'spark'] as const;
const TEMPLATES: readonly ((topic: string, i: number) => string)[] = [
  (t, i) => `Always pin the ${t} chart version in values${i}.yaml`,
  (t, i) => `Prefer the ${t} staging cluster for experiment ${i}`,
  (t, i) => `Tag every ${t} release with the ticket number (batch ${i})`,
  (t, i) => `Ask before scaling ${t} replicas above ${i + 3}`,
];

/** 186 unrelated rules, each unique. */
const unrelated = (): EncodeRequest[] =>
  Array.from({ length: 186 }, (_, i) => ({
    text: (TEMPLATES[i % TEMPLATES.length] ?? TEMPLATES[0]!)(TOPICS[i % TOPICS.length] ?? 'misc', i),
    kind: i % 5 === 0 ? 'never' : 'always',
    confidence: i % 3 === 0 ? 'high' : 'medium',
  }));

const TURN = "Summarise the payroll rules in legacy/PAYROLL.cbl. The last read_file call failed: 'utf-8' codec can't decode byte 0xc1 in position 0: invalid start byte (encoding error).";
const ARGS = { path: 'legacy/PAYROLL.cbl' };

const idsOf = async (store: SemanticStore, requests: readonly EncodeRequest[]): Promise<string[]> => {
  const results = await store.encode(requests);
  return results.map((r) => {
    expect(r.outcome).toBe('added');
    return r.entry?.id ?? '';
  });
};

const setup = async () => {
  const clock = manualClock(START);
  const global = new FileSemanticStore({ dir: join(dir, 'home', 'memory'), scope: 'global', clock });
  const project = new FileSemanticStore({ dir: join(dir, 'proj', '.engram', 'memory'), scope: 'project', clock });
  const fillers = unrelated();
  // Oldest first: the unrelated rules, then the near misses, then the three that matter, then the irrelevant one (newest of all).
  await idsOf(global, fillers.slice(0, 120));
  await idsOf(project, fillers.slice(120));
  clock.advance(10 * DAY);
  await idsOf(project, NEAR_MISSES.map((text, i) => ({ text, kind: i % 2 === 0 ? 'when' : 'always', confidence: 'high' })));
  clock.advance(10 * DAY);
  const [charset, ebcdic] = await idsOf(project, [RELEVANT.charset, RELEVANT.ebcdic]);
  const [retry] = await idsOf(global, [RELEVANT.retry]);
  clock.advance(5 * DAY);
  const [irrelevant] = await idsOf(global, [IRRELEVANT]);
  clock.advance(2 * DAY);
  const cortex = new Cortex({ global, project, mode: 'autopilot', pending: new PendingQueue(pendingPathFor(join(dir, 'proj', '.engram'))), clock });
  return { cortex, clock, relevant: [charset, ebcdic, retry] as string[], irrelevant: irrelevant ?? '' };
};

describe('proactive strategy injection over the memory files', () => {
  it('reads all 200 stored rules as candidates, with their confidence and date', async () => {
    const { cortex, relevant } = await setup();
    const items = await cortex.strategyCandidates();
    expect(items).toHaveLength(200);
    expect(items.every((i) => i.kind === 'rule')).toBe(true);
    const charset = items.find((i) => i.id === relevant[0]);
    expect(charset).toMatchObject({ text: RELEVANT.charset.text, confidence: 'high', seenAt: Date.parse(START) + 20 * DAY });
  });

  it('puts the three rules about the failing .cbl read first, within the budget, and never the irrelevant rule', async () => {
    const { cortex, relevant, irrelevant } = await setup();
    const r = await cortex.preCallStrategies({ tool: 'read_file', turnText: TURN, args: ARGS });
    const chosen = r.ranking.chosen.map((c) => c.item.id);
    // The near misses share a word ("payroll", "byte") but fall below a quarter of the best match.
    expect(chosen).toHaveLength(3);
    expect(new Set(chosen)).toEqual(new Set(relevant));
    expect(chosen).not.toContain(irrelevant);
    expect(r.ranking.tokens).toBeLessThanOrEqual(DEFAULT_STRATEGY_BUDGET);
    expect(r.ranking.tokens).toBe(estimateTokens(r.text));
    for (const rel of Object.values(RELEVANT)) expect(r.text).toContain(rel.text);
    expect(r.text).not.toContain('pandas');

    // Exactly the event the runtime publishes.
    expect(r.injection.target).toBe('pre-call');
    expect(r.injection.tool).toBe('read_file');
    expect(r.injection.items.map((i) => i.id)).toEqual(chosen);
    expect(r.injection.tokens).toBe(r.ranking.tokens);
    expect(validateData('cortex.context.injected', r.injection)).toEqual([]);
    expect(r.injection.items[0]?.why).toMatch(/^matches .+; (high|medium) confidence; seen 7d ago$/);
  });

  it('with a budget for about two lines, keeps the best two of the three', async () => {
    const { cortex, relevant } = await setup();
    const r = await cortex.preCallStrategies({ tool: 'read_file', turnText: TURN, args: ARGS, budgetTokens: 82 });
    expect(r.ranking.chosen).toHaveLength(2);
    for (const c of r.ranking.chosen) expect(relevant).toContain(c.item.id);
    expect(r.ranking.tokens).toBeLessThanOrEqual(82);
    expect(r.ranking.dropped).toBe(1);
  });

  it('with no budget, item limit or relevance floor, still injects only rules that share a term with the call', async () => {
    const { cortex, clock, irrelevant } = await setup();
    // The ranking itself, over the cortex's candidates, with the limits off (engram always ranks with the defaults).
    const r = { ranking: rankStrategies(await cortex.strategyCandidates(), { tool: 'read_file', turnText: TURN, args: ARGS, nowMs: clock.now(), budgetTokens: 1_000_000, params: { ...defaultStrategyParams, maxItems: 1000, minRelevance: 0 } }) };
    const query = new Set(bm25Tokens(`${TURN} read_file path legacy/PAYROLL.cbl`));
    expect(r.ranking.chosen.length).toBeGreaterThan(3);
    expect(r.ranking.chosen.length).toBeLessThanOrEqual(3 + NEAR_MISSES.length);
    for (const c of r.ranking.chosen) expect(bm25Tokens(c.item.text).some((t) => query.has(t))).toBe(true);
    expect(r.ranking.chosen.map((c) => c.item.id)).not.toContain(irrelevant);
  });

  it('adds a recipe the runtime passes in for this tool, and labels its numeric confidence', async () => {
    const { cortex } = await setup();
    const recipe: StrategyItem = { id: 'recipe:encoding:read_file', kind: 'recipe', text: 'Recover an undecodable file:\n1. file -i <path>\n2. iconv -f <charset> -t utf-8 <path> > /tmp/x\n3. read_file /tmp/x', confidence: 0.8, seenAt: null, tools: ['read_file'] };
    const r = await cortex.preCallStrategies({ tool: 'read_file', turnText: TURN, args: ARGS, extra: [recipe], target: 'tool-description' });
    const chosen = r.ranking.chosen.find((c) => c.item.id === recipe.id);
    expect(chosen?.why).toContain('about read_file; high confidence');
    expect(r.injection.target).toBe('tool-description');
    expect(r.text).toContain('\n  2. iconv -f <charset>');
  });

  it('injects nothing for a call nothing in memory is about', async () => {
    const { cortex } = await setup();
    const r = await cortex.preCallStrategies({ tool: 'web_search', turnText: 'find the weather in Lisbon', args: { q: 'Lisbon weather' } });
    expect(r.text).toBe('');
    expect(r.injection).toEqual({ target: 'pre-call', tool: 'web_search', items: [], tokens: 0 });
    // Argument keys are words of the query too: a `query` key is enough to bring up the rule about SQL queries.
    const keyed = await cortex.preCallStrategies({ tool: 'web_search', turnText: 'find the weather in Lisbon', args: { query: 'Lisbon weather' } });
    expect(keyed.ranking.chosen.map((c) => c.item.text)).toEqual([NEAR_MISSES[2]]);
  });

  it('reports the rules no injection chose in the window as stale, and not the ones chosen', async () => {
    const { cortex, clock, relevant, irrelevant } = await setup();
    const items = await cortex.strategyCandidates();
    const injections = [];
    for (let i = 0; i < 25; i++) {
      const r = await cortex.preCallStrategies({ tool: 'read_file', turnText: TURN, args: ARGS });
      injections.push({ at: new Date(clock.now()).toISOString(), data: r.injection });
      clock.advance(DAY);
    }
    // 25 days of calls; the window is the last 20 days, and every rule is older than that.
    const report = staleStrategies(items, injections, { nowMs: clock.now(), maxAgeDays: 20 });
    expect(report.judged).toBe(true);
    expect(report.stale).toContain(irrelevant);
    for (const id of relevant) expect(report.stale).not.toContain(id);
    expect(report.stale.length).toBeGreaterThan(180);
  });
});
