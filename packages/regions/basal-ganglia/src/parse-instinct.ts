import { InstinctSchema, type Instinct } from './instinct.js';
import { INSTINCT_MARKER } from './render-instinct.js';

export type ParsedInstinct = { readonly ok: true; readonly instinct: Instinct } | { readonly ok: false; readonly problem: string };

const RECORD = new RegExp(`<!--\\s*${INSTINCT_MARKER}\\s+(\\{.*\\})\\s*-->`, 's');

/** Reads the record of an instinct file; a hand-broken file is reported, never fatal. */
export const parseInstinct = (text: string): ParsedInstinct => {
  const m = RECORD.exec(text);
  if (m?.[1] === undefined) return { ok: false, problem: `no <!-- ${INSTINCT_MARKER} {...} --> record` };
  let raw: unknown;
  try {
    raw = JSON.parse(m[1]);
  } catch (err) {
    return { ok: false, problem: `record is not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const r = InstinctSchema.safeParse(raw);
  if (!r.success) return { ok: false, problem: r.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ') };
  return { ok: true, instinct: r.data };
};
