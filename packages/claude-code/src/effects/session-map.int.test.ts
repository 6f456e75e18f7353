import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engramSessionFor, SESSION_MAP } from './session-map.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const DAY = 86_400_000;

describe('engramSessionFor', () => {
  it('gives a Claude session one engram id, the same every time, in a private file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'engram-map-')), 'hooks');
    const a = await engramSessionFor(dir, 'claude-a', NOW);
    expect(a).toMatch(/^\d{8}_\d{6}_[0-9a-f]{4}$/);
    expect(await engramSessionFor(dir, 'claude-a', NOW + 1000)).toBe(a);
    const b = await engramSessionFor(dir, 'claude-b', NOW);
    expect(b).not.toBe(a);
    expect(statSync(join(dir, SESSION_MAP)).mode & 0o777).toBe(0o600);
    const renewed = await engramSessionFor(dir, 'claude-a', NOW, { renew: true });
    expect(renewed).not.toBe(a);
    expect(await engramSessionFor(dir, 'claude-a', NOW)).toBe(renewed);
  });

  it('drops entries older than 30 days when it writes, and survives a broken or hostile file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'engram-map-')), 'hooks');
    await engramSessionFor(dir, 'old', NOW - 31 * DAY);
    await engramSessionFor(dir, 'recent', NOW - DAY);
    await engramSessionFor(dir, 'new', NOW);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, SESSION_MAP), 'utf8')) as object).sort()).toEqual(['new', 'recent']);
    writeFileSync(join(dir, SESSION_MAP), '{ not json');
    const warnings: string[] = [];
    expect(await engramSessionFor(dir, '__proto__', NOW, { warn: (w) => warnings.push(w) })).toMatch(/^\d{8}_/);
    expect(warnings[0]).toMatch(/sessions\.json: not valid JSON/);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, SESSION_MAP), 'utf8')) as object)).toEqual(['__proto__']);
    expect(await engramSessionFor(dir, '__proto__', NOW)).toBe((JSON.parse(readFileSync(join(dir, SESSION_MAP), 'utf8')) as Record<string, { session: string }>)['__proto__']?.session);
  });

  /**
   * Why: the map's parse is kept in process while the file is unchanged (every hook reads it);
   * a map changed by another process must be seen, and a broken one reported every time it is read.
   */
  it('given a map rewritten by another writer, when looked up again, then the new mapping is read; a broken map warns each time', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'engram-map-')), 'hooks');
    const a = await engramSessionFor(dir, 'claude-a', NOW);
    const other = '20261122_100000_beef';
    writeFileSync(join(dir, SESSION_MAP), JSON.stringify({ 'claude-a': { session: other, createdAt: new Date(NOW).toISOString() } }));
    expect(await engramSessionFor(dir, 'claude-a', NOW)).toBe(other);
    expect(other).not.toBe(a);
    writeFileSync(join(dir, SESSION_MAP), JSON.stringify({ 'claude-a': { session: other, createdAt: new Date(NOW).toISOString() }, bad: { session: 'nope' } }));
    const warnings: string[] = [];
    expect(await engramSessionFor(dir, 'claude-a', NOW, { warn: (w) => warnings.push(w) })).toBe(other);
    expect(await engramSessionFor(dir, 'claude-b', NOW, { warn: (w) => warnings.push(w) })).toMatch(/^\d{8}_/);
    expect(warnings.filter((w) => w.includes('entry "bad"'))).toHaveLength(1);
  });
});
