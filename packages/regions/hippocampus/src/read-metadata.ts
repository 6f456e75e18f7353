import type { Confidence, EngramSource, TrustTier } from '@engram/kernel';
import { ENTRY_ID_PATTERN } from './entry-id.js';
import { dayOf, parseDay, parseInstant } from './format-timestamp.js';
import type { LineNote } from './memory-document.js';
import { metadataPairs } from './split-metadata.js';

/** What engram understands in a metadata comment; everything else stays in the comment untouched. */
export interface EntryMetadata {
  readonly confidence: Confidence | null;
  readonly source: EngramSource | null;
  readonly topic: string | null;
  readonly kind: string | null;
  readonly updatedAt: string | null;
  readonly id: string | null;
  /** engram's own key (`trust:`), which Anton ignores; null when the comment records none. */
  readonly trust: TrustTier | null;
}

const CONFIDENCES: readonly string[] = ['high', 'medium', 'low'];
const SOURCES: readonly string[] = ['user', 'consolidation', 'llm'];
const TRUST_TIERS: readonly string[] = ['user', 'detector', 'model', 'quoted'];
/** Anton prints a missing value as the literal `None` (anton.md §6.3): it means "none", not an error. */
const PYTHON_NONE = 'None';

const isConfidence = (v: string): v is Confidence => CONFIDENCES.includes(v);
const isSource = (v: string): v is EngramSource => SOURCES.includes(v);
const isTrustTier = (v: string): v is TrustTier => TRUST_TIERS.includes(v);

/**
 * Reads a metadata comment tolerantly: later keys override earlier ones (as in Anton), unknown
 * keys are ignored here (and kept in the file), and every value engram cannot use is noted
 * instead of throwing (Anton raised a TypeError on a `kind:` key in rules.md, §15.6).
 */
export const readMetadata = (comment: string): { meta: EntryMetadata; notes: LineNote[] } => {
  const notes: LineNote[] = [];
  const last = new Map<string, string>();
  for (const [key, value] of metadataPairs(comment)) {
    const before = last.get(key);
    if (before !== undefined && before !== value) notes.push({ field: key, message: `${key} is given twice ("${before}", then "${value}"); the last one counts` });
    last.set(key, value);
  }
  const enumValue = <T extends string>(key: string, ok: (v: string) => v is T): T | null => {
    const v = last.get(key);
    if (v === undefined || v === PYTHON_NONE) return null;
    if (ok(v)) return v;
    notes.push({ field: key, message: `unknown ${key} "${v}" is kept in the file and read as none` });
    return null;
  };
  const confidence = enumValue('confidence', isConfidence);
  const source = enumValue('source', isSource);
  const trust = enumValue('trust', isTrustTier);
  const topic = last.get('topic') ?? null;
  const kind = last.get('kind') ?? null;
  const tsRaw = last.get('ts');
  const ts = tsRaw === undefined ? null : parseDay(tsRaw);
  if (tsRaw !== undefined && ts === null) notes.push({ field: 'ts', message: `ts "${tsRaw}" is not a YYYY-MM-DD date; the entry has no date` });
  const atRaw = last.get('at');
  const at = atRaw === undefined ? null : parseInstant(atRaw);
  if (atRaw !== undefined && at === null) notes.push({ field: 'at', message: `at "${atRaw}" is not a UTC time like 2026-11-22T03:15:00.000Z; ignored` });
  const idRaw = last.get('id');
  const id = idRaw !== undefined && ENTRY_ID_PATTERN.test(idRaw) ? idRaw : null;
  if (idRaw !== undefined && id === null) notes.push({ field: 'id', message: `id "${idRaw}" is not 16 hex characters; a derived id is used` });
  // A hand edit of the day (the field Anton shows) wins over engram's finer time when they disagree.
  const updatedAt = at !== null && (ts === null || dayOf(at) === ts) ? at : ts;
  return { meta: { confidence, source, topic, kind, updatedAt, id, trust }, notes };
};
