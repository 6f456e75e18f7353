import { describe, expect, it } from 'vitest';
import { readSse } from './read-sse.js';

const streamOf = (...parts: string[]): ReadableStream<Uint8Array> => {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(enc.encode(p));
      c.close();
    },
  });
};
const all = async (s: ReadableStream<Uint8Array>) => {
  const out: string[] = [];
  for await (const d of readSse(s)) out.push(d);
  return out;
};

describe('readSse', () => {
  it('joins events split across chunks and lines, skipping comments and other fields', async () => {
    expect(
      await all(streamOf('event: x\r\ndata: {"a"', ':1}\r\n\r\n: keep-alive\n\ndata:first\ndata: second\n\nid: 3\n\n', 'data: [DONE]')),
    ).toEqual(['{"a":1}', 'first\nsecond', '[DONE]']);
  });
});
