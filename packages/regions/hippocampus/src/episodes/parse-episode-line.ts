import type { Episode } from './episode.js';

export type ParsedLine = { readonly kind: 'blank' } | { readonly kind: 'episode'; readonly episode: Episode } | { readonly kind: 'bad'; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one JSONL line tolerantly: Anton skips blank and malformed lines; engram skips them
 * too but says why, so the caller can report the file and line. Missing `meta` is `{}`, a
 * missing `ts` or `session` is `""` (Anton's `.get` defaults); a record whose `content` or
 * `role` is not a string, or whose `turn` is not an integer, is refused.
 */
export const parseEpisodeLine = (line: string): ParsedLine => {
  const text = line.trim();
  if (text === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { kind: 'bad', reason: `not JSON (${(err as Error).message})` };
  }
  if (!isRecord(value)) return { kind: 'bad', reason: 'not a JSON object' };
  const { ts = '', session = '', turn = 0, role, content, meta = {} } = value;
  if (typeof role !== 'string') return { kind: 'bad', reason: 'field "role" is not a string' };
  if (typeof content !== 'string') return { kind: 'bad', reason: 'field "content" is not a string' };
  if (typeof turn !== 'number' || !Number.isInteger(turn)) return { kind: 'bad', reason: 'field "turn" is not an integer' };
  if (typeof ts !== 'string') return { kind: 'bad', reason: 'field "ts" is not a string' };
  if (typeof session !== 'string') return { kind: 'bad', reason: 'field "session" is not a string' };
  return { kind: 'episode', episode: { ts, session, turn, role, content, meta: isRecord(meta) ? meta : {} } };
};
