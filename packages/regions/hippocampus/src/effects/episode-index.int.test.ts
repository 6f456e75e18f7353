import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Episode } from '../episodes/episode.js';
import { MAX_SCORED_ROWS } from '../episodes/cap-words.js';
import { EpisodeIndex } from './episode-index.js';
import { serializeEpisode } from '../episodes/serialize-episode.js';

const root = mkdtempSync(join(tmpdir(), 'engram-episode-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const setup = () => {
  const base = join(root, `p${n++}`);
  const episodesDir = join(base, 'episodes');
  mkdirSync(episodesDir, { recursive: true });
  return { episodesDir, indexFile: join(base, 'index', 'episodes.sqlite') };
};
const ep = (minute: number, turn: number, role: string, content: string, session = 's'): Episode => ({ ts: `2026-03-01T10:${String(minute).padStart(2, '0')}:00+00:00`, session, turn, role, content, meta: {} });
const write = (dir: string, file: string, episodes: readonly Episode[]) => appendFileSync(join(dir, file), episodes.map(serializeEpisode).join(''));
const contents = (index: EpisodeIndex, q: string, limit = 100) => index.matches(q, { limit }).map((e) => e.content);

describe('EpisodeIndex', () => {
  it('creates the index 0600, makes an existing 0644 one 0600, and never indexes a linked episode file', () => {
    const paths = setup();
    const outside = join(root, `outside-${n}.jsonl`);
    write(root, `outside-${n}.jsonl`, [ep(1, 1, 'user', 'SECRET from outside')]);
    symlinkSync(outside, join(paths.episodesDir, 'linked.jsonl'));
    write(paths.episodesDir, 'real.jsonl', [ep(2, 1, 'user', 'a real episode')]);
    const index = new EpisodeIndex(paths);
    expect(statSync(paths.indexFile).mode & 0o777).toBe(0o600);
    const report = index.sync();
    expect(report.problems).toEqual([{ file: join(paths.episodesDir, 'linked.jsonl'), line: 0, reason: 'is a symbolic link, which engram never follows; not indexed' }]);
    expect(contents(index, 'secret')).toEqual([]);
    expect(contents(index, 'real')).toEqual(['a real episode']);
    index.close();
    chmodSync(paths.indexFile, 0o644);
    new EpisodeIndex(paths).close();
    expect(statSync(paths.indexFile).mode & 0o777).toBe(0o600);
  });
  it('indexes files and serves case-insensitive substring matches newest first (by record time, across files)', () => {
    const paths = setup();
    write(paths.episodesDir, 'b.jsonl', [ep(1, 1, 'user', 'CSV one'), ep(5, 1, 'assistant', 'csv three')]);
    write(paths.episodesDir, 'a.jsonl', [ep(3, 1, 'user', 'the Csv two')]);
    const index = new EpisodeIndex(paths);
    expect(index.sync()).toMatchObject({ filesScanned: 2, filesRead: 2, episodesAdded: 3, problems: [] });
    expect(contents(index, 'csv')).toEqual(['csv three', 'the Csv two', 'CSV one']);
    expect(contents(index, 'csv', 2)).toEqual(['csv three', 'the Csv two']);
    index.close();
  });
  it('catches up incrementally by offset, leaving a partial last line for later', () => {
    const paths = setup();
    write(paths.episodesDir, 's.jsonl', [ep(1, 1, 'user', 'alpha one')]);
    const index = new EpisodeIndex(paths);
    index.sync();
    const partial = serializeEpisode(ep(2, 1, 'assistant', 'alpha two'));
    appendFileSync(join(paths.episodesDir, 's.jsonl'), partial.slice(0, 20));
    expect(index.sync()).toMatchObject({ episodesAdded: 0, problems: [] });
    appendFileSync(join(paths.episodesDir, 's.jsonl'), partial.slice(20));
    expect(index.sync()).toMatchObject({ filesRead: 1, episodesAdded: 1 });
    expect(contents(index, 'alpha')).toEqual(['alpha two', 'alpha one']);
    expect(index.sync()).toMatchObject({ filesRead: 0, episodesAdded: 0 });
    index.close();
  });
  it('reports a corrupt line with file and line, skips it, and keeps the rest', () => {
    const paths = setup();
    writeFileSync(join(paths.episodesDir, 'x.jsonl'), `${serializeEpisode(ep(1, 1, 'user', 'good one'))}{"ts": broken\n\n${serializeEpisode(ep(2, 1, 'user', 'good two'))}`);
    const index = new EpisodeIndex(paths);
    const report = index.sync();
    expect(report.problems).toEqual([{ file: 'x.jsonl', line: 2, reason: expect.stringContaining('not JSON') as string }]);
    expect(index.problems()).toEqual(report.problems);
    expect(contents(index, 'good')).toEqual(['good two', 'good one']);
    index.close();
  });
  it('re-reads a file that was replaced, shrank or was rewritten in place, and drops a deleted one', () => {
    const paths = setup();
    const file = join(paths.episodesDir, 's.jsonl');
    write(paths.episodesDir, 's.jsonl', [ep(1, 1, 'user', 'keep me'), ep(2, 2, 'user', 'drop me')]);
    const index = new EpisodeIndex(paths);
    index.sync();
    writeFileSync(file, serializeEpisode(ep(1, 1, 'user', 'keep me')));
    index.sync();
    expect(contents(index, 'me')).toEqual(['keep me']);
    // Same size, same inode, different bytes.
    writeFileSync(file, readFileSync(file, 'utf8').replace('keep me', 'kept us'));
    index.sync();
    expect(contents(index, 'me')).toEqual([]);
    expect(contents(index, 'us')).toEqual(['kept us']);
    rmSync(file);
    index.sync();
    expect(index.count()).toBe(0);
    index.close();
  });
  it('leaves memory roles out, as Anton recall does', () => {
    const paths = setup();
    write(paths.episodesDir, 's.jsonl', [ep(1, 0, 'memory_write', 'lesson about csv'), ep(2, 1, 'user', 'csv?')]);
    const index = new EpisodeIndex(paths);
    index.sync();
    expect(contents(index, 'csv')).toEqual(['csv?']);
    index.close();
  });
  it('answers short queries by scanning, and filters by time', () => {
    const paths = setup();
    write(paths.episodesDir, 's.jsonl', [ep(1, 1, 'user', 'an R script'), ep(50, 2, 'user', 'more r')]);
    const index = new EpisodeIndex(paths);
    index.sync();
    expect(contents(index, 'r')).toEqual(['more r', 'an R script']);
    expect(index.matches('r', { limit: 10, sinceMs: Date.parse('2026-03-01T10:30:00Z') }).map((e) => e.content)).toEqual(['more r']);
    expect(index.matches('script', { limit: 10, sinceMs: Date.parse('2026-03-01T10:30:00Z') })).toEqual([]);
    index.close();
  });
  it('gives the same answers after reindex() as after incremental catch-up', () => {
    const paths = setup();
    const index = new EpisodeIndex(paths);
    for (let i = 0; i < 30; i++) {
      write(paths.episodesDir, `f${i % 3}.jsonl`, [ep(i, i, i % 2 === 0 ? 'user' : 'tool_result', `step ${i} of the csv job ${i % 5}`)]);
      index.sync();
    }
    const before = index.matches('csv job', { limit: 100 });
    index.reindex();
    expect(index.matches('csv job', { limit: 100 })).toEqual(before);
    expect(before).toHaveLength(30);
    index.close();
  });
  it('rebuilds an index file that is not a database, and says so', () => {
    const paths = setup();
    write(paths.episodesDir, 's.jsonl', [ep(1, 1, 'user', 'still here')]);
    mkdirSync(join(paths.indexFile, '..'), { recursive: true });
    writeFileSync(paths.indexFile, 'this is not a sqlite database, just some junk bytes '.repeat(100));
    const index = new EpisodeIndex(paths);
    const report = index.sync();
    expect(report.problems[0]?.reason).toMatch(/index was unreadable/);
    expect(contents(index, 'still')).toEqual(['still here']);
    index.close();
  });
  it('is empty when the episodes folder does not exist', () => {
    const paths = setup();
    rmSync(paths.episodesDir, { recursive: true });
    const index = new EpisodeIndex(paths);
    expect(index.sync().filesScanned).toBe(0);
    expect(contents(index, 'x')).toEqual([]);
    index.close();
  });
  it('ranks on every word of a small project, and leaves the most common words out of the match once they would score more than MAX_SCORED_ROWS rows', () => {
    const paths = setup();
    const many = (count: number) => Array.from({ length: count }, (_, i) => ep(i % 60, i + 1, 'user', `ordinary weather report ${i}`));
    write(paths.episodesDir, 'small.jsonl', [...many(10), ep(59, 999, 'user', 'the glacier melted')]);
    const index = new EpisodeIndex(paths);
    index.sync();
    // Under the cap: the question's common word matches too, so every episode sharing a word is a candidate.
    expect(index.ranked('glacier weather', { limit: 100 }).map((r) => r.episode.content)).toHaveLength(11);
    write(paths.episodesDir, 'large.jsonl', many(MAX_SCORED_ROWS + 100));
    index.sync();
    // Over it: "weather" (in every other row) is left out, and the rare word's episode alone is scored.
    expect(index.ranked('glacier weather', { limit: 100 }).map((r) => r.episode.content)).toEqual(['the glacier melted']);
    // A question of one word keeps it however common, and only its newest MAX_SCORED_ROWS rows are scored.
    expect(index.ranked('weather', { limit: 5 })).toHaveLength(5);
    expect(index.ranked('weather', { limit: 10_000 })).toHaveLength(MAX_SCORED_ROWS);
    index.close();
  });

  it('past the cap, finds the rows holding the most of the question\'s words first, however old, then fills with the newest rows of the rarest', () => {
    const paths = setup();
    // Every word of the question is in more than MAX_SCORED_ROWS rows; only the two oldest hold all three.
    const n = MAX_SCORED_ROWS + 50;
    write(paths.episodesDir, 'a.jsonl', [ep(0, 1, 'user', 'amber birch cedar first'), ep(0, 2, 'user', 'amber birch cedar second')]);
    write(paths.episodesDir, 'b.jsonl', Array.from({ length: n }, (_, i) => ep(1, i + 1, 'user', `amber birch row ${i}`)));
    write(paths.episodesDir, 'c.jsonl', Array.from({ length: n }, (_, i) => ep(2, i + 1, 'user', `cedar note ${i}`)));
    const index = new EpisodeIndex(paths);
    index.sync();
    const found = index.ranked('amber birch cedar', { limit: 30 });
    expect(found).toHaveLength(30);
    expect(found.slice(0, 2).map((r) => r.episode.content).sort()).toEqual(['amber birch cedar first', 'amber birch cedar second']);
    // Then the rows of the two rarest words (amber and birch: every count is capped, so by name), scored lower.
    expect(found.slice(2).every((r) => r.episode.content.startsWith('amber birch row'))).toBe(true);
    expect(Math.min(...found.slice(0, 2).map((r) => r.score))).toBeGreaterThan(Math.max(...found.slice(2).map((r) => r.score)));
    // The reference a bench measures the cap against: every match scored, and the question is past the cap.
    const uncapped = index.rankedUncapped('amber birch cedar', 30);
    expect(uncapped.pastCap).toBe(true);
    expect(uncapped.rows.slice(0, 2).map((r) => r.episode.content).sort()).toEqual(['amber birch cedar first', 'amber birch cedar second']);
    expect(index.rankedUncapped('amber first', 30).pastCap).toBe(false);
    // A question with no row holding two of its words: the newest rows of its rarest word.
    expect(index.ranked('birch note', { limit: 5 }).map((r) => r.episode.content)).toEqual([`amber birch row ${n - 1}`, `amber birch row ${n - 2}`, `amber birch row ${n - 3}`, `amber birch row ${n - 4}`, `amber birch row ${n - 5}`]);
    index.close();
  });
});
