import { describe, expect, it } from 'vitest';
import { parseEpisodeLine } from './parse-episode-line.js';

describe('parseEpisodeLine', () => {
  it("reads Anton's record", () => {
    const line = '{"ts": "2026-02-27T14:30:52.123456+00:00", "session": "20260227_143052", "turn": 1, "role": "user", "content": "héllo", "meta": {}}';
    expect(parseEpisodeLine(line)).toEqual({ kind: 'episode', episode: { ts: '2026-02-27T14:30:52.123456+00:00', session: '20260227_143052', turn: 1, role: 'user', content: 'héllo', meta: {} } });
  });
  it("fills Anton's defaults for missing ts, session, turn and meta", () => {
    expect(parseEpisodeLine('{"role":"user","content":"x"}')).toEqual({ kind: 'episode', episode: { ts: '', session: '', turn: 0, role: 'user', content: 'x', meta: {} } });
  });
  it('skips blank lines and says why a line is unreadable', () => {
    expect(parseEpisodeLine('   ')).toEqual({ kind: 'blank' });
    expect(parseEpisodeLine('{"ts": ')).toMatchObject({ kind: 'bad', reason: expect.stringContaining('not JSON') as string });
    expect(parseEpisodeLine('[1]')).toEqual({ kind: 'bad', reason: 'not a JSON object' });
    expect(parseEpisodeLine('{"role":"user","content":5}')).toEqual({ kind: 'bad', reason: 'field "content" is not a string' });
    expect(parseEpisodeLine('{"role":"user","content":"x","turn":"2"}')).toEqual({ kind: 'bad', reason: 'field "turn" is not an integer' });
  });
});
