import { estimateTokens } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { formatStrategies } from './format-strategies.js';
import { rankStrategies, type RankRequest } from './rank-strategies.js';
import type { StrategyItem } from './strategy-item.js';
import { defaultStrategyParams } from './strategy-params.js';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;

const item = (id: string, text: string, over: Partial<StrategyItem> = {}): StrategyItem => ({ id, kind: 'rule', text, confidence: 'high', seenAt: NOW, ...over });
const request = (over: Partial<RankRequest> = {}): RankRequest => ({
  tool: 'read_file',
  turnText: 'read_file failed on legacy/PAYROLL.cbl with an encoding error',
  args: { path: 'legacy/PAYROLL.cbl' },
  nowMs: NOW,
  budgetTokens: 1000,
  ...over,
});
const ids = (items: readonly StrategyItem[], over: Partial<RankRequest> = {}) => rankStrategies(items, request(over)).chosen.map((c) => c.item.id);

describe('rankStrategies', () => {
  it('never chooses an item that shares no term with the call and does not name the tool, however big the budget', () => {
    const items = [item('enc', 'Detect the encoding of .cbl files before reading them'), item('pandas', 'Merge pandas dataframes on explicit keys'), item('git', 'Rebase feature branches onto main daily')];
    const r = rankStrategies(items, request({ budgetTokens: 100_000 }));
    expect(r.chosen.map((c) => c.item.id)).toEqual(['enc']);
    expect(r.dropped).toBe(0);
  });

  it('scores relevance against the best match, times confidence and recency weights, plus the tool boost', () => {
    // Same text twice would be deduped, so: a fresh high item (relevance 1) and an old low one with the same words.
    const items = [
      item('fresh', 'Check the encoding of cbl files'),
      item('old', 'Check the cbl encoding of files', { confidence: 'low', seenAt: NOW - 30 * DAY }),
      item('recipe', 'Run iconv first', { kind: 'recipe', confidence: 0.8, tools: ['READ_FILE'] }),
    ];
    const r = rankStrategies(items, request());
    const score = (id: string) => r.chosen.find((c) => c.item.id === id)?.score;
    expect(score('fresh')).toBeCloseTo(1, 9);
    // Relevance 1 (the same terms, same length), low 0.6, 30 days: 0.5 + 0.5 * 0.5 = 0.75.
    expect(score('old')).toBeCloseTo(1 * 0.6 * 0.75, 9);
    // No matching term: the tool boost alone (tool names compare without case), high, fresh.
    expect(score('recipe')).toBeCloseTo(defaultStrategyParams.toolMatchBoost, 9);
    expect(r.chosen.map((c) => c.item.id)).toEqual(['fresh', 'recipe', 'old']);
  });

  it('leaves out an item that matches far less than the best one, unless it names the tool', () => {
    // The best shares read_file, cbl, encoding, legacy, error; the weak one only "legacy" (about a fifth of the best here).
    const items = [item('best', 'read_file on legacy cbl: encoding error means EBCDIC'), item('weak', 'Keep legacy endpoints in the changelog'), item('weak-tool', 'Keep legacy endpoints documented', { tools: ['read_file'] })];
    expect(ids(items)).toEqual(['best', 'weak-tool']);
    expect(ids(items, { params: { ...defaultStrategyParams, minRelevance: 0 } })).toEqual(['best', 'weak-tool', 'weak']);
  });

  it('lets the tool match add to a text match', () => {
    const items = [item('plain', 'Detect the encoding before reading cbl'), item('tooled', 'Detect the encoding before reading cbl sources', { tools: ['read_file'] })];
    expect(ids(items)).toEqual(['tooled', 'plain']);
  });

  it('finds what only the arguments mention', () => {
    const items = [item('cbl', 'COBOL .cbl sources here are EBCDIC'), item('other', 'Use pagination for list endpoints')];
    expect(ids(items, { turnText: 'summarise it', args: { path: 'src/MAIN.cbl' } })).toEqual(['cbl']);
    expect(ids(items, { turnText: 'summarise it', args: {} })).toEqual([]);
  });

  it('prefers the recent and the confident among equally relevant items, and breaks exact ties by id', () => {
    const items = [item('b-old', 'encoding cbl', { seenAt: NOW - 90 * DAY }), item('a-new', 'cbl encoding'), item('c-low', 'encoding: cbl', { confidence: 'low' })];
    expect(ids(items)).toEqual(['a-new', 'c-low', 'b-old']);
    expect(ids([item('z', 'cbl encoding'), item('y', 'encoding cbl')])).toEqual(['y', 'z']);
  });

  it('offers the same text once (stored in both scopes), keeping the better-ranked copy', () => {
    const items = [item('global', 'Detect the encoding of cbl files first', { confidence: 'low' }), item('project', 'Detect  the encoding of cbl files first ', { confidence: 'high' })];
    const r = rankStrategies(items, request());
    expect(r.chosen.map((c) => c.item.id)).toEqual(['project']);
    expect(r.dropped).toBe(0);
  });

  it("before a call, shows nothing that matches only the turn's words and not the call (issue 24)", () => {
    const items = [item('generic', 'When a call fails, study the error before you retry the encoding', { confidence: 'high' })];
    expect(rankStrategies(items, request({ turnText: 'the encoding fails', args: { command: 'ls -la' } })).chosen).toEqual([]);
    expect(rankStrategies(items, request({ turnText: 'the encoding fails', args: { command: 'iconv --encoding x' } })).chosen.map((c) => c.item.id)).toEqual(['generic']);
  });

  // Why (issue 24): a generic rule was shown before heredoc calls because the heredoc's body (code
  // and comments) shared a word with it; what the call is (its program and target) must decide.
  it('given the call text, when only a heredoc body matches a generic rule, then nothing is shown; when the call names it, it is', () => {
    const items = [item('generic', "When a tool call fails, don't retry it: read the error, change one thing", { confidence: 'high' }), item('specific', '`python -m pytest` is not installed here: run tests/runtests.py')];
    const heredoc = { command: "cat <<'EOF' > check.py\n# read the error and retry\nEOF\npython check.py" };
    expect(ids(items, { turnText: 'fix the failing call', args: heredoc, callText: 'python check.py check.py' })).not.toContain('generic');
    expect(ids(items, { turnText: 'fix the failing call', args: heredoc })).toContain('generic');
    expect(ids(items, { turnText: 'fix it', args: { command: 'python -m pytest tests' }, callText: 'python -m pytest tests' })).toEqual(['specific']);
  });

  it('fits the exact printed block into the budget, skipping a long item so shorter ones still fit', () => {
    const long = item('long', `Encoding advice for cbl: ${'very long explanation '.repeat(40)}`);
    const short = item('short', 'Check the encoding of cbl files', { confidence: 'low' });
    const r = rankStrategies([long, short], request({ budgetTokens: 75 }));
    expect(r.chosen.map((c) => c.item.id)).toEqual(['short']);
    expect(r.dropped).toBe(1);
    const text = formatStrategies(r.chosen, 'read_file');
    expect(r.tokens).toBe(estimateTokens(text));
    expect(r.tokens).toBeLessThanOrEqual(75);
  });

  it('chooses nothing when the budget cannot hold the heading and one line', () => {
    const r = rankStrategies([item('a', 'encoding of cbl')], request({ budgetTokens: 5 }));
    expect(r).toEqual({ chosen: [], tokens: 0, dropped: 1 });
  });

  it('stops at the item cap', () => {
    const items = Array.from({ length: 8 }, (_, i) => item(`r${i}`, `Encoding note ${i} about cbl`));
    const r = rankStrategies(items, request({ params: { ...defaultStrategyParams, maxItems: 3 } }));
    expect(r.chosen).toHaveLength(3);
    expect(r.dropped).toBe(5);
  });

  it('says why', () => {
    const [c] = rankStrategies([item('a', 'Detect the encoding of cbl files with file -i before read_file', { seenAt: NOW - 2 * DAY - 1 })], request()).chosen;
    expect(c?.why).toMatch(/^matches (read_file|cbl|encoding), (read_file|cbl|encoding), (read_file|cbl|encoding); high confidence; seen 2d ago$/);
  });

  it('ranks the topic of a lesson but does not print it', () => {
    const r = rankStrategies([item('l', 'Convert before reading', { kind: 'lesson', topic: 'cbl-encoding' })], request());
    expect(r.chosen.map((c) => c.item.id)).toEqual(['l']);
    expect(formatStrategies(r.chosen, 'read_file')).not.toContain('cbl-encoding');
  });

  it('gives items of unknown age the recency floor', () => {
    const [c] = rankStrategies([item('a', 'cbl encoding', { seenAt: null })], request()).chosen;
    expect(c?.score).toBeCloseTo(defaultStrategyParams.recencyFloor, 9);
    expect(c?.why).toContain('age unknown');
  });

  it('with meaning, orders the word-eligible items by words and meaning fused, and still shows nothing the words rule out', () => {
    const items = [
      item('words', 'Detect the encoding of cbl files, cbl files in legacy folders, before reading cbl'),
      item('meant', 'Legacy cbl sources are in EBCDIC; convert them first'),
      item('only-meaning', 'Mainframe sources need a code page conversion'),
    ];
    expect(ids(items)).toEqual(['words', 'meant']);
    const meaning = new Map([
      ['Legacy cbl sources are in EBCDIC; convert them first', 0.9],
      ['Mainframe sources need a code page conversion', 0.95],
      ['Detect the encoding of cbl files, cbl files in legacy folders, before reading cbl', -0.1],
    ]);
    expect(ids(items, { meaning })).toEqual(['meant', 'words']);
    // Deterministic: the same message and vectors give the same advice (replay re-derives it).
    expect(rankStrategies(items, request({ meaning }))).toEqual(rankStrategies(items, request({ meaning })));
    // No meaning above 0: the words' order.
    expect(ids(items, { meaning: new Map() })).toEqual(['words', 'meant']);
  });
});
