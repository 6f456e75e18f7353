import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from '../episodes/episode.js';
import { memoryEpisodeSource } from '../episodes/memory-episode-source.js';
import { recallEpisodes } from '../episodes/recall-episodes.js';
import { handleRecall, handleRecallAsync, parseRecallInput, type AsyncEpisodeRecaller, type EpisodeRecaller } from './recall-tool.js';

const episodes: StoredEpisode[] = Array.from({ length: 40 }, (_, i) => ({
  ts: `2026-03-01T10:00:${String(i).padStart(2, '0')}+00:00`,
  session: 's',
  turn: i,
  role: 'tool_result',
  content: `csv result ${i} ${'x'.repeat(1500)}`,
  meta: {},
  file: 's.jsonl',
  line: i + 1,
  key: i,
}));
const calls: unknown[] = [];
const recaller: EpisodeRecaller = {
  recall: (query, request) => {
    calls.push(request);
    return { ...recallEpisodes(memoryEpisodeSource(episodes), query, { ...request, nowMs: Date.parse('2026-03-02T00:00:00Z') }), problems: [] };
  },
};

describe('recall tool input (anton.md §11.2, §15.25)', () => {
  it("keeps Anton's answers for no memory and an empty query", () => {
    expect(handleRecall({ query: 'x' }, { episodes: null })).toBe('Episodic memory is not available.');
    expect(handleRecall({ query: '  ' }, { episodes: recaller })).toBe('No query provided.');
    expect(handleRecall({}, { episodes: recaller })).toBe('No query provided.');
  });
  it.each([
    [{ query: 'x', max_results: 'many' }, /max_results must be a whole number from 1 to 100 \(got "many"\)/],
    [{ query: 'x', max_results: 2.5 }, /max_results/],
    [{ query: 'x', max_results: 0 }, /max_results/],
    [{ query: 'x', max_results: 1000 }, /max_results/],
    [{ query: 'x', days_back: -1 }, /days_back must be a whole number/],
    [{ query: 5 }, /query must be a string/],
    [{ query: 'q'.repeat(501) }, /at most 500/],
    ['csv', /needs an object/],
    [null, /needs an object/],
  ])('refuses %j with a clear error instead of raising', (input, message) => {
    expect(handleRecall(input, { episodes: recaller })).toMatch(message);
  });
  it('accepts whole numbers sent as strings', () => expect(parseRecallInput({ query: ' csv ', max_results: '5', days_back: 7 })).toEqual({ ok: true, value: { query: 'csv', maxResults: 5, daysBack: 7 } }));
});

describe('recall tool output', () => {
  it('passes the options on and bounds the answer', () => {
    const out = handleRecall({ query: 'CSV result', max_results: 30 }, { episodes: recaller, budgetChars: 5000 });
    expect(calls.at(-1)).toEqual({ maxResults: 30 });
    expect(out.length).toBeLessThanOrEqual(5000);
    expect(out.split('\n')[0]).toMatch(/^\[2026-03-01T10:00:39\+00:00\] \(tool_result\) csv result 39/);
    expect(out).toMatch(/more episodes not shown/);
  });
  it('turns a failing recall into an error message', () => {
    const broken: EpisodeRecaller = { recall: () => { throw new Error('disk gone'); } };
    expect(handleRecall({ query: 'x' }, { episodes: broken })).toBe('ERROR: episodic recall failed: disk gone');
  });
  it('hands skipped lines to the reporter', () => {
    const seen: unknown[] = [];
    const withProblems: EpisodeRecaller = { recall: (q) => ({ query: q, groups: [], hits: 0, problems: [{ file: 'a.jsonl', line: 3, reason: 'not JSON' }] }) };
    expect(handleRecall({ query: 'x' }, { episodes: withProblems, onProblems: (p) => seen.push(...p) })).toBe("No episodes found matching 'x'.");
    expect(seen).toEqual([{ file: 'a.jsonl', line: 3, reason: 'not JSON' }]);
  });
});

describe('recall tool over an asynchronous store', () => {
  const later: AsyncEpisodeRecaller = { recall: (q, r) => Promise.resolve(recaller.recall(q, r)) };
  it('gives the same answers as the synchronous handler', async () => {
    for (const input of [{ query: 'CSV result', max_results: 30 }, { query: 'nothing here' }, { query: '' }, { query: 'x', max_results: 0 }])
      expect(await handleRecallAsync(input, { episodes: later, budgetChars: 5000 })).toBe(handleRecall(input, { episodes: recaller, budgetChars: 5000 }));
    expect(await handleRecallAsync({ query: 'x' }, { episodes: null })).toBe('Episodic memory is not available.');
  });
  it('turns a rejected recall (a lost server) into an error message', async () => {
    const lost: AsyncEpisodeRecaller = { recall: () => Promise.reject(new Error('connection terminated')) };
    expect(await handleRecallAsync({ query: 'x' }, { episodes: lost })).toBe('ERROR: episodic recall failed: connection terminated');
  });
});
