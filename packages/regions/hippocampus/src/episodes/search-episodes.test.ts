import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from './episode.js';
import { searchEpisodes } from './search-episodes.js';

const ep = (file: string, session: string, turn: number, content: string): StoredEpisode => ({ ts: '2026-11-01T12:00:00.000+00:00', session, turn, role: 'user', content, meta: {}, file, line: turn, key: turn });

describe('searchEpisodes', () => {
  it('ranks a candidate next to another matched turn of its session above a lone match that scored a little higher', () => {
    const asked = ep('a.jsonl', 's1', 1, 'Bo: how was the concert?');
    const answer = ep('a.jsonl', 's1', 2, 'Ana: loud, I went with my sister');
    const lone = ep('b.jsonl', 's9', 7, 'Cy: the concert hall is closed');
    const found = searchEpisodes(
      [
        { episode: lone, score: 1 },
        { episode: answer, score: 0.8 },
        { episode: asked, score: 0.6 },
      ],
      () => [],
      'how was the concert Ana went to',
      1,
    );
    // The answer gains half of the question turn's score (0.8 + 0.3 > 1), so its group comes first.
    expect(found.groups[0]?.episodes.map((e) => e.episode.content)).toEqual([answer.content]);
  });

  it('ranks the turn just before a match, which the engine did not find, above a weak match elsewhere, with one episode standing for its turn', () => {
    // Turn 3 answers, in words of its own, what turn 4 (the match) refers to; turn 3 has two episodes.
    const told = [ep('a.jsonl', 's1', 3, 'Ana: we adopted a puppy, Luna'), { ...ep('a.jsonl', 's1', 3, 'Ana: she is a beagle'), line: 30, key: 30 }, ep('a.jsonl', 's1', 4, 'Bo: what a lovely dog name')];
    const turnOf = (file: string, session: string, turn: number) => told.filter((e) => e.file === file && e.session === session && e.turn === turn);
    const weak = ep('b.jsonl', 's9', 7, 'Cy: the dog park opened');
    const found = searchEpisodes(
      [
        { episode: told[2]!, score: 1 },
        { episode: weak, score: 0.4 },
      ],
      turnOf,
      'the name of the dog',
      3,
    );
    // Turn 3 gains half of turn 4's score (0.5 > 0.4); turn 5 does not exist; turn 3's second episode is shown, not ranked.
    expect(found.hits).toBe(3);
    expect(found.groups.map((g) => g.episodes.map((e) => `${e.episode.content}${e.hit ? ' (hit)' : ''}`))).toEqual([
      ['Bo: what a lovely dog name (hit)'],
      ['Ana: we adopted a puppy, Luna (hit)', 'Ana: she is a beagle'],
      ['Cy: the dog park opened (hit)'],
    ]);
  });

  it('shows no neighbouring turn of a candidate scored 0, and not the candidate either', () => {
    const next = ep('a.jsonl', 's1', 2, 'Ana: nothing to do with it');
    const found = searchEpisodes([{ episode: ep('a.jsonl', 's1', 1, 'Bo: the dog'), score: 0 }], (_f, _s, turn) => (turn === 2 ? [next] : []), 'dog', 5);
    expect(found.groups).toEqual([]);
  });
});
