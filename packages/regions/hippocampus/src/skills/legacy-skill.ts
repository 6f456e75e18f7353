import { cutChars } from '@engram/kernel';

/** Anton cuts a description to this many characters (anton.md §10.2). */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** What Anton's legacy layout holds: meta.json fields and declarative.md. */
export interface LegacySkill {
  readonly description: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly body: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Reads a legacy skill (meta.json + declarative.md) the way Anton's migration would convert
 * it (anton.md §10.1), without rewriting anything: description = description + `. ` +
 * when_to_use (or whichever exists) cut to 1024; metadata keeps display_name, provenance
 * (default `manual`) and created_at when set. Malformed meta.json is ignored, as Anton.
 */
export const readLegacySkill = (metaJson: string | null, declarative: string | null): LegacySkill => {
  let meta: Record<string, unknown> = {};
  if (metaJson !== null) {
    try {
      const parsed: unknown = JSON.parse(metaJson);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
    } catch {
      // Anton ignores a malformed meta.json too
    }
  }
  const parts = [str(meta.description), str(meta.when_to_use)].filter((p) => p !== '');
  const metadata: Record<string, string> = {};
  const entries: [string, string][] = [['display_name', str(meta.name)], ['provenance', str(meta.provenance) || 'manual'], ['created_at', str(meta.created_at)]];
  for (const [k, v] of entries) if (v !== '') metadata[k] = v;
  return { description: cutChars(parts.join('. '), MAX_DESCRIPTION_LENGTH), metadata, body: declarative ?? '' };
};
