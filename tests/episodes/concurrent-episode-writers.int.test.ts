import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../support/ts-child.js';
import { EpisodeIndex, parseEpisodeLine } from './episodes-api.js';

const writer = join(import.meta.dirname, 'episode-writer.ts');
const root = mkdtempSync(join(tmpdir(), 'engram-episode-procs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROCESSES = 4;
const PER_PROCESS = 300;
const SESSION = '20260301_100000_beef';

const run = (args: string[]): Promise<void> => runTs(writer, args);

describe('several processes appending to one session file', () => {
  it(`${PROCESSES} processes x ${PER_PROCESS} records (some 10 kB) lose and tear nothing`, async () => {
    const dir = join(root, 'episodes');
    await Promise.all(Array.from({ length: PROCESSES }, (_, p) => run([dir, SESSION, String(p), String(PER_PROCESS)])));
    const lines = readFileSync(join(dir, `${SESSION}.jsonl`), 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    // A writer that sees another's record half-written (the kernel grows the size page by page)
    // starts its own on a fresh line, as it would after a torn tail: at worst a blank line, which
    // every reader skips. Nothing may be torn or lost.
    const parsed = lines.map(parseEpisodeLine).filter((p) => p.kind !== 'blank');
    expect(parsed.filter((p) => p.kind !== 'episode')).toEqual([]);
    expect(parsed).toHaveLength(PROCESSES * PER_PROCESS);
    for (let p = 0; p < PROCESSES; p++) {
      const mine = parsed.flatMap((x) => (x.kind === 'episode' && x.episode.meta.proc === p ? [x.episode.turn] : []));
      // Each process's records appear once each, in the order it wrote them.
      expect(mine).toEqual(Array.from({ length: PER_PROCESS }, (_, i) => i));
    }
    const index = new EpisodeIndex({ episodesDir: dir, indexFile: join(root, 'index', 'episodes.sqlite') });
    expect(index.sync()).toMatchObject({ episodesAdded: PROCESSES * PER_PROCESS, problems: [] });
    expect(index.matches('record', { limit: 10_000 })).toHaveLength(PROCESSES * PER_PROCESS);
    index.close();
  });
});
