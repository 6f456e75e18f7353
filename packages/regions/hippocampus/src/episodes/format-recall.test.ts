import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from './episode.js';
import { formatRecall } from './format-recall.js';
import type { EpisodeRecall } from './recall-episodes.js';

const ep = (line: number, role: string, content: string): StoredEpisode => ({ ts: `2026-03-01T10:00:0${line}+00:00`, session: 's', turn: 1, role, content, meta: {}, file: 's.jsonl', line, key: line });
const recall = (episodes: readonly [StoredEpisode, boolean][]): EpisodeRecall => ({ query: 'q', hits: 1, groups: [{ file: 's.jsonl', session: 's', episodes: episodes.map(([episode, hit]) => ({ episode, hit })) }] });

describe('formatRecall', () => {
  it("says so when nothing matched, as Anton", () => expect(formatRecall({ query: 'zz', hits: 0, groups: [] })).toBe("No episodes found matching 'zz'."));
  it("writes Anton's lines with the per-role cut (2000 long roles, 500 others)", () => {
    const out = formatRecall(recall([[ep(1, 'user', 'u'.repeat(600)), true], [ep(2, 'tool_result', 'r'.repeat(2500)), false]]), 100_000);
    const [user, result] = out.split('\n');
    expect(user).toBe(`[2026-03-01T10:00:01+00:00] (user) ${'u'.repeat(500)}`);
    expect(result).toBe(`[2026-03-01T10:00:02+00:00] (tool_result) ${'r'.repeat(2000)}`);
  });
  it('keeps the output within the budget, matches first, and says what was left out', () => {
    const rows: [StoredEpisode, boolean][] = [[ep(1, 'tool_result', 'c'.repeat(2000)), false], [ep(2, 'tool_result', 'c'.repeat(2000)), false], [ep(3, 'user', 'the match q'), true]];
    const out = formatRecall(recall(rows), 1000);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out).toContain('(user) the match q');
    expect(out).toMatch(/\[… 1 more episode not shown: output limit of 1000 characters/);
  });
});
