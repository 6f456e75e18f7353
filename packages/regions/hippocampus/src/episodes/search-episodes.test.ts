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
});
