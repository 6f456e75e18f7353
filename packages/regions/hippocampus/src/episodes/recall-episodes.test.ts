import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from './episode.js';
import { episodeKey } from './episode-time.js';
import { memoryEpisodeSource } from './memory-episode-source.js';
import { recallEpisodes } from './recall-episodes.js';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const MIN = 60_000;

/** One session file's episodes: [turn, role, content, minutes after T0]. */
const file = (name: string, rows: readonly (readonly [number, string, string, number])[]): StoredEpisode[] =>
  rows.map(([turn, role, content, minutes], i) => {
    const ms = T0 + minutes * MIN;
    return { ts: new Date(ms).toISOString(), session: name, turn, role, content, meta: {}, file: `${name}.jsonl`, line: i + 1, key: episodeKey(ms, i + 1) };
  });

const a = file('a', [
  [1, 'user', 'how do I read the CSV?', 0],
  [1, 'tool_call', 'pd.read_csv("x.csv")', 1],
  [1, 'tool_result', 'ok 10 rows', 2],
  [1, 'assistant', 'done', 3],
  [2, 'user', 'plot it', 4],
  [2, 'memory_write', 'csv lesson', 5],
  [2, 'assistant', 'here is the plot', 6],
]);
const b = file('b', [
  [1, 'user', 'what about csv headers?', 60],
  [2, 'assistant', 'headers are in row 0', 61],
  [3, 'user', 'thanks', 62],
]);
const source = memoryEpisodeSource([...a, ...b]);
const shape = (r: ReturnType<typeof recallEpisodes>) => r.groups.map((g) => g.episodes.map((e) => `${g.session}:${e.episode.turn}:${e.episode.role}${e.hit ? '*' : ''}`));

describe('recallEpisodes', () => {
  it('returns matching turns newest first, episodes oldest first within a turn, memory roles left out', () => {
    const r = recallEpisodes(source, 'csv', { nowMs: T0 + 100 * MIN });
    expect(shape(r)).toEqual([
      ['b:1:user*', 'b:2:assistant'],
      ['a:1:user*', 'a:1:tool_call*', 'a:1:tool_result', 'a:1:assistant'],
    ]);
    expect(r.hits).toBe(3);
  });
  it('counts max_results in matching episodes, not turns (anton.md §15.29)', () => {
    const r = recallEpisodes(source, 'csv', { nowMs: T0, maxResults: 2 });
    expect(r.hits).toBe(2);
    expect(shape(r)).toEqual([['b:1:user*', 'b:2:assistant'], ['a:1:user', 'a:1:tool_call*', 'a:1:tool_result', 'a:1:assistant']]);
  });
  it('returns nothing for max_results 0 (Anton still returned a turn)', () => {
    expect(recallEpisodes(source, 'csv', { nowMs: T0, maxResults: 0 }).groups).toEqual([]);
  });
  it("filters days_back by the record's own time", () => {
    const r = recallEpisodes(source, 'csv', { nowMs: T0 + 30 * MIN + 86_400_000, daysBack: 1 });
    expect(shape(r)).toEqual([['b:1:user*', 'b:2:assistant']]);
  });
  it("pulls in the next turn of a matching user message only when it holds an answer", () => {
    const r = recallEpisodes(source, 'thanks', { nowMs: T0 });
    expect(shape(r)).toEqual([['b:3:user*']]);
  });
  it('never pulls a turn in twice', () => {
    const r = recallEpisodes(source, 'plot', { nowMs: T0 });
    expect(shape(r)).toEqual([['a:2:user*', 'a:2:assistant*']]);
  });
  it('finds nothing for an empty query', () => expect(recallEpisodes(source, '', { nowMs: T0 }).groups).toEqual([]));
});
