import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EpisodeIndex, formatRecall, recallEpisodes } from './episodes-api.js';

const episodesDir = join(import.meta.dirname, '../fixtures/anton-home/.anton/episodes');
const tmp = mkdtempSync(join(tmpdir(), 'engram-anton-episodes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("recall over an Anton-written episodes folder", () => {
  const before = readdirSync(episodesDir).sort();
  const index = new EpisodeIndex({ episodesDir, indexFile: join(tmp, 'episodes.sqlite') });
  const report = index.sync();
  afterAll(() => index.close());

  it('reads every session file, reports the torn line with file and line, and skips the rest quietly', () => {
    expect(report).toMatchObject({ filesScanned: 3, filesRead: 3 });
    expect(report.problems).toEqual([{ file: '20260227_143052.jsonl', line: 6, reason: expect.stringContaining('not JSON') as string }]);
    expect(index.count()).toBe(10); // 13 records less the 3 memory ones
  });
  it('orders by record time (zzz.jsonl last), pulls in the answering turn, leaves memory roles out', () => {
    const recall = recallEpisodes(index, 'SALES.CSV', { nowMs: Date.parse('2026-03-02T00:00:00Z') });
    expect(recall.groups.map((g) => g.episodes.map((e) => `${g.session}/${e.episode.turn}/${e.episode.role}${e.hit ? '*' : ''}`))).toEqual([
      ['20260301_090000/1/user*', '20260301_090000/2/assistant'],
      ['20260227_143052/1/user*', '20260227_143052/1/tool_call*', '20260227_143052/1/tool_result', '20260227_143052/1/assistant*'],
      ['zzz/1/user*'],
    ]);
    expect(formatRecall(recall).split('\n')[0]).toBe('[2026-03-01T09:00:00.000000+00:00] (user) What did we find about sales.csv last week?');
  });
  it("filters days_back by the records' own times, not file names", () => {
    const recall = recallEpisodes(index, 'sales.csv', { nowMs: Date.parse('2026-03-02T00:00:00Z'), daysBack: 3 });
    expect(recall.groups.map((g) => g.session)).toEqual(['20260301_090000', '20260227_143052']);
  });
  it('never writes into the Anton folder', () => expect(readdirSync(episodesDir).sort()).toEqual(before));
});
