import { FORGOTTEN_MARKERS } from '@engram/kernel';
import { jsonEqual } from './json-equal.js';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MARKER = new RegExp(FORGOTTEN_MARKERS.map(escape).join('|'), 'g');
const hasMarker = (s: string): boolean => FORGOTTEN_MARKERS.some((m) => s.includes(m));

/** `pattern` with each marker as "any text", matched against the whole of `text`. */
const fits = (pattern: string, text: string): boolean => {
  const parts = pattern.split(MARKER).map(escape);
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`, 'i').test(text);
};

const strings = (d: string, r: string): boolean => d === r || (hasMarker(r) && fits(r, d)) || (hasMarker(d) && fits(d, r));

const values = (d: unknown, r: unknown): boolean => {
  if (typeof d === 'string' && typeof r === 'string') return strings(d, r);
  if (Array.isArray(d) && Array.isArray(r)) return d.length === r.length && d.every((x, i) => values(x, r[i]));
  if (d !== null && r !== null && typeof d === 'object' && typeof r === 'object' && !Array.isArray(d) && !Array.isArray(r)) {
    const a = d as Record<string, unknown>;
    const b = r as Record<string, unknown>;
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => k in b && values(a[k], b[k]));
  }
  return jsonEqual(d, r);
};

const mentionsMarker = (v: unknown): boolean =>
  typeof v === 'string' ? hasMarker(v) : Array.isArray(v) ? v.some(mentionsMarker) : v !== null && typeof v === 'object' ? Object.values(v).some(mentionsMarker) : false;

/**
 * Whether a derived event's data matches a recorded event's data in a log `engram memory forget`
 * redacted. The cores re-derive from the redacted inputs, so where the subject stood both sides
 * usually hold the marker, but a core may have transformed the text around it (a signature
 * lower-cased, an answer cut at 200 characters): each marker therefore stands for any text, on
 * whichever side it appears, case aside. Fields that hash text (`hashed`, e.g. a recipe's id)
 * cannot be re-derived from redacted text and are skipped when the event carries a marker.
 * Only used for logs holding a `store.log.redacted` record, so an unredacted log is compared as
 * strictly as ever.
 */
export const equalModuloMarker = (derived: unknown, recorded: unknown, hashed: readonly string[] = []): boolean => {
  if (hashed.length > 0 && (mentionsMarker(recorded) || mentionsMarker(derived)) && recorded !== null && typeof recorded === 'object' && derived !== null && typeof derived === 'object') {
    const strip = (v: object) => Object.fromEntries(Object.entries(v).filter(([k]) => !hashed.includes(k)));
    return values(strip(derived), strip(recorded));
  }
  return values(derived, recorded);
};
