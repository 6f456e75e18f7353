import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { containedPath, ENGRAM_FILE_NAMES, ensureDir, nodeFsPort, readTextContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { isSessionId, newSessionId } from '@engram/kernel';
import { isObject } from '../payload-fields.js';

/** The map file, under `<project>/.engram/hooks/`. */
export const SESSION_MAP = ENGRAM_FILE_NAMES.hookSessions;
/** Entries older than this are dropped when the map is written: it stays small, and a Claude session resumed after a month gets a new engram session. */
const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

interface MapEntry {
  readonly session: string;
  readonly createdAt: string;
}

/** By Claude session id; a Map, so no id (not even `__proto__`) can touch an object's prototype. */
type SessionMap = ReadonlyMap<string, MapEntry>;

/**
 * The last parse of each map file, by the identity of its content (inode, size, mtime): every
 * hook looks its session up here, and a project's map holds a line per session for a month, so
 * reading and checking it each time cost more than the hook's own work. A write renames a new
 * file in (a new inode), so a changed map is never taken for the cached one. A map with a problem
 * is not kept, so the problem is reported each time it is read.
 */
const parsedMaps = new Map<string, { readonly key: string; readonly map: SessionMap }>();

const readMap = (file: string, warn: (message: string) => void): SessionMap => {
  const root = rootForDir(dirname(file));
  // Never read through a link (a cloned project can carry one): a linked map is an error naming it.
  const st = nodeFsPort.lstat(containedPath(root, file));
  const key = st === null ? null : `${st.ino}:${st.size}:${st.mtimeNs}`;
  const cached = parsedMaps.get(file);
  if (key !== null && cached?.key === key) return cached.map;
  let clean = true;
  const map = parseMap(file, readTextContained(root, file), (m) => {
    clean = false;
    warn(m);
  });
  // A map with problems is read again next time, so whoever reads it with a warner hears of them.
  if (key === null || !clean) parsedMaps.delete(file);
  else parsedMaps.set(file, { key, map });
  return map;
};

const parseMap = (file: string, text: string | null, warn: (message: string) => void): SessionMap => {
  if (text === null) return new Map();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    warn(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)}); it is rewritten, and Claude sessions listed there start new engram sessions`);
    return new Map();
  }
  if (!isObject(raw)) return new Map();
  const map = new Map<string, MapEntry>();
  for (const [claude, entry] of Object.entries(raw))
    if (isObject(entry) && typeof entry['session'] === 'string' && isSessionId(entry['session']) && typeof entry['createdAt'] === 'string') map.set(claude, { session: entry['session'], createdAt: entry['createdAt'] });
    else warn(`${file}: entry ${JSON.stringify(claude)} is not { session, createdAt } with an engram session id; skipped`);
  return map;
};

/**
 * The engram session of a Claude Code session. Claude's `session_id` (a UUID) is mapped to an
 * engram id (`YYYYMMDD_HHMMSS_xxxx`, made when the Claude session is first seen) in
 * `<project>/.engram/hooks/sessions.json`, read and written under a cross-process lock, written
 * atomically and private (0600). A lookup is a read; only a new session writes. `renew` replaces
 * the mapping (the old engram session has ended).
 */
export const engramSessionFor = async (hooksDir: string, claudeSessionId: string, now: number, options: { readonly renew?: boolean; readonly warn?: (message: string) => void } = {}): Promise<string> => {
  const file = join(hooksDir, SESSION_MAP);
  const warn = options.warn ?? (() => undefined);
  if (options.renew !== true) {
    const known = readMap(file, () => undefined).get(claudeSessionId);
    if (known !== undefined) return known.session;
  }
  const root = rootForDir(hooksDir);
  ensureDir(root, hooksDir);
  return withLock(file, {}, (assertHeld) => {
    const map = readMap(file, warn);
    const known = map.get(claudeSessionId);
    if (known !== undefined && options.renew !== true) return known.session;
    const taken = new Set([...map.values()].map((e) => e.session));
    let session = newSessionId(now);
    // Another engram session (engram run, an ended hook session) may already own the id's log.
    const used = (id: string) => taken.has(id) || existsSync(join(dirname(hooksDir), ENGRAM_FILE_NAMES.events, `${id}.jsonl`));
    while (used(session)) session = newSessionId(now);
    const kept = [...map].filter(([, entry]) => now - Date.parse(entry.createdAt) < KEEP_DAYS * DAY_MS);
    kept.push([claudeSessionId, { session, createdAt: new Date(now).toISOString() }]);
    writeFileAtomic(file, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`, { root, beforeCommit: assertHeld });
    return session;
  });
};
