import fc from 'fast-check';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Episode, StoredEpisode } from './episode.js';
import { EpisodeIndex } from '../effects/episode-index.js';
import { episodeKey, isoWithOffset } from './episode-time.js';
import { formatRecall } from './format-recall.js';
import { memoryEpisodeSource } from './memory-episode-source.js';
import { parseEpisodeLine } from './parse-episode-line.js';
import { recallEpisodes } from './recall-episodes.js';
import { serializeEpisode } from './serialize-episode.js';

const root = mkdtempSync(join(tmpdir(), 'engram-episode-prop-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Text with the characters that break naive JSONL: newlines, quotes, U+2028, astral, controls. */
const text = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'B', 'é', 'É', ' ', '\n', '"', '\\', '\u2028', '😀', '\u0000', 'csv', 'CSV'), fc.string({ minLength: 1, maxLength: 1 })), maxLength: 40 });
const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const episode: fc.Arbitrary<Episode> = fc.record({
  ts: fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2030-01-01') }).map(isoWithOffset),
  session: fc.constantFrom('s1', 's2'),
  turn: fc.integer({ min: 0, max: 5 }),
  role: fc.constantFrom('user', 'assistant', 'tool_call', 'tool_result', 'scratchpad', 'memory_read'),
  content: text,
  meta: fc.dictionary(fc.string({ maxLength: 5 }), json, { maxKeys: 3 }),
});

describe('episode properties', () => {
  it('write then read gives the same episode, always on one line', () => {
    fc.assert(
      fc.property(episode, (e) => {
        const line = serializeEpisode(e);
        expect(line.indexOf('\n')).toBe(line.length - 1);
        expect(parseEpisodeLine(line)).toEqual({ kind: 'episode', episode: e });
      }),
    );
  });

  it('the SQLite index finds exactly what a plain scan finds, newest first, and recall output respects its budget', () => {
    let n = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a.jsonl', 'b.jsonl', 'c.jsonl'), episode), { maxLength: 25 }), fc.oneof(text, fc.constantFrom('csv', 'é', 'a')), fc.integer({ min: 1, max: 30 }), (rows, query, limit) => {
        const base = join(root, `p${n++}`);
        const episodesDir = join(base, 'episodes');
        mkdirSync(episodesDir, { recursive: true });
        const stored: StoredEpisode[] = [];
        const lines = new Map<string, number>();
        for (const [file, e] of rows) {
          appendFileSync(join(episodesDir, file), serializeEpisode(e));
          const line = (lines.get(file) ?? 0) + 1;
          lines.set(file, line);
          stored.push({ ...e, file, line, key: episodeKey(Date.parse(e.ts), line) });
        }
        // Two records of one millisecond in one key slot (only across files) take different keys
        // in the index (the next free one) and the same in a scan: the example below holds that case.
        fc.pre(new Set(stored.map((e) => e.key)).size === stored.length);
        const index = new EpisodeIndex({ episodesDir, indexFile: join(base, 'index.sqlite') });
        try {
          index.sync();
          const scan = memoryEpisodeSource(stored);
          const q = query.trim() === '' ? 'a' : query;
          const got = index.matches(q, { limit });
          const want = scan.matches(q, { limit });
          expect(got.map((e) => e.key)).toEqual(want.map((e) => e.key));
          const recall = recallEpisodes(index, q, { nowMs: Date.now(), maxResults: limit });
          expect(recall).toEqual(recallEpisodes(scan, q, { nowMs: Date.now(), maxResults: limit }));
          expect(formatRecall(recall, 2000).length).toBeLessThanOrEqual(2000);
        } finally {
          index.close();
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('two records of one millisecond in one key slot, in two files, are both indexed, under keys of their own', () => {
    const base = join(root, 'collision');
    const episodesDir = join(base, 'episodes');
    mkdirSync(episodesDir, { recursive: true });
    const e = (content: string): Episode => ({ ts: '2020-01-01T00:00:00.035+00:00', session: 's1', turn: 0, role: 'user', content, meta: {} });
    appendFileSync(join(episodesDir, 'c.jsonl'), serializeEpisode(e('Alpha notes')));
    appendFileSync(join(episodesDir, 'a.jsonl'), serializeEpisode(e('alpha plans')));
    const index = new EpisodeIndex({ episodesDir, indexFile: join(base, 'index.sqlite') });
    try {
      index.sync();
      const found = index.matches('alpha', { limit: 10 });
      expect(found.map((x) => `${x.file}:${x.line} ${x.content}`).sort()).toEqual(['a.jsonl:1 alpha plans', 'c.jsonl:1 Alpha notes']);
      expect(new Set(found.map((x) => x.key)).size).toBe(2);
    } finally {
      index.close();
    }
  });
});
