import { containedPath, readContained, withLock, writeFileAtomic } from '@engram/fs';
import { redactJsonValue, textMentions, type SubjectMatcher } from '@engram/kernel';
import { itemId } from './item-id.js';

/** What a file-level step did: how many lines, items or occurrences, and the ids it could name. */
export interface FileChange {
  readonly count: number;
  readonly ids: readonly string[];
}

const NONE: FileChange = { count: 0, ids: [] };

/** The file as text, or null when it is binary (holds a NUL byte) or missing. */
export const readText = (root: string, file: string): string | null => {
  const buf = readContained(root, file);
  if (buf === null || buf.includes(0)) return null;
  return buf.toString('utf8');
};

/** Every file change is a locked read-modify-write with an atomic replace, never through a link. */
const rewrite = (root: string, file: string, apply: boolean, change: (text: string) => { text: string; change: FileChange }): Promise<FileChange> | FileChange => {
  const step = (assertHeld: () => void): FileChange => {
    const text = readText(root, file);
    if (text === null) return NONE;
    const r = change(text);
    if (apply && r.change.count > 0 && r.text !== text) writeFileAtomic(file, r.text, { root, beforeCommit: assertHeld });
    return r.change;
  };
  containedPath(root, file);
  return apply ? withLock(file, {}, step) : step(() => undefined);
};

/** Drops the lines (episodes, history records, generated rules, JSONL queues) that mention the subject. */
export const dropLines = (root: string, file: string, matcher: SubjectMatcher, marker: string, apply: boolean, idOf: (line: string) => string | null = () => null): Promise<FileChange> | FileChange =>
  rewrite(root, file, apply, (text) => {
    const lines = text.split('\n');
    const ids: string[] = [];
    const kept = lines.filter((l) => {
      if (!textMentions(matcher, l)) return true;
      const id = idOf(l);
      if (id !== null) ids.push(id);
      return false;
    });
    return { text: kept.join('\n'), change: { count: lines.length - kept.length, ids } };
  });

/**
 * A JSON document whose items are in arrays (the pending queue's `items`, a quarantine, the
 * recipes): items that mention the subject are dropped, then any remaining occurrence is redacted.
 */
export const dropJsonItems = (root: string, file: string, matcher: SubjectMatcher, marker: string, apply: boolean): Promise<FileChange> | FileChange =>
  rewrite(root, file, apply, (text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const r = matcher.redact(text, marker);
      return { text: r.text, change: { count: r.count, ids: [] } };
    }
    const ids: string[] = [];
    let count = 0;
    const filter = (arr: unknown[]): unknown[] =>
      arr.filter((x) => {
        if (redactJsonValue(x, matcher, marker).count === 0) return true;
        count++;
        const id = itemId(x);
        if (id !== null) ids.push(id);
        return false;
      });
    let out: unknown = json;
    if (Array.isArray(json)) out = filter(json);
    else if (json !== null && typeof json === 'object') out = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, Array.isArray(v) ? filter(v) : v]));
    const rest = redactJsonValue(out, matcher, marker);
    count += rest.count;
    return { text: `${JSON.stringify(rest.value, null, 2)}\n`, change: { count, ids } };
  });

/** Any other text file engram owns: every occurrence becomes the marker (JSON stays valid JSON). */
export const redactText = (root: string, file: string, matcher: SubjectMatcher, marker: string, apply: boolean): Promise<FileChange> | FileChange =>
  rewrite(root, file, apply, (text) => {
    try {
      const json: unknown = JSON.parse(text);
      const r = redactJsonValue(json, matcher, marker);
      return { text: `${JSON.stringify(r.value, null, 2)}\n`, change: { count: r.count, ids: [] } };
    } catch {
      const r = matcher.redact(text, marker);
      return { text: r.text, change: { count: r.count, ids: [] } };
    }
  });
