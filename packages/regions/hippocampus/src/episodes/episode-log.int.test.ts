import { manualClock } from '@engram/kernel';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EpisodeLog, type LogResult } from './episode-log.js';
import { parseEpisodeLine } from './parse-episode-line.js';

const root = mkdtempSync(join(tmpdir(), 'engram-episode-log-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${n++}`, 'episodes');
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');

describe('EpisodeLog', () => {
  it("writes Anton's record shape, key order and UTC time with offset; non-ASCII kept", () => {
    const log = new EpisodeLog({ dir: freshDir(), clock: manualClock('2026-02-27T14:30:52.123Z') });
    const id = log.startSession();
    expect(id).toMatch(/^\d{8}_\d{6}_[0-9a-f]{4}$/);
    expect(log.logTurn(1, 'user', 'héllo', { tool: 'x' })).toMatchObject({ status: 'written' });
    const [line] = lines(log.file ?? '');
    expect(line).toBe(`{"ts":"2026-02-27T14:30:52.123+00:00","session":"${id}","turn":1,"role":"user","content":"héllo","meta":{"tool":"x"}}`);
  });
  it('creates the file lazily, private to the user', () => {
    const log = new EpisodeLog({ dir: freshDir() });
    log.startSession();
    expect(() => statSync(log.file ?? '')).toThrow();
    log.logTurn(1, 'user', 'x');
    expect(statSync(log.file ?? '').mode & 0o777).toBe(0o600);
  });
  it('scrubs secrets from content and meta before writing (anton.md §15.23)', () => {
    const log = new EpisodeLog({ dir: freshDir() });
    log.startSession();
    log.logTurn(1, 'tool_result', 'key is sk-ant-abcdefghijklmnopqrstuvwx', { args: { password: 'password=hunter2hunter2' } });
    const text = readFileSync(log.file ?? '', 'utf8');
    expect(text).not.toContain('sk-ant-abcdefghijklmnopqrstuvwx');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('[REDACTED:');
  });
  it('applies the per-role limits', () => {
    const log = new EpisodeLog({ dir: freshDir() });
    log.startSession();
    log.logTurn(1, 'assistant', 'a'.repeat(5000));
    const parsed = parseEpisodeLine(lines(log.file ?? '')[0] ?? '');
    expect(parsed.kind === 'episode' && parsed.episode.content.length).toBe(2000);
  });
  it('is a no-op when disabled or before a session, and says so', () => {
    const log = new EpisodeLog({ dir: freshDir(), enabled: false });
    log.startSession();
    expect(log.logTurn(1, 'user', 'x')).toEqual({ status: 'skipped', reason: 'disabled' });
    expect(new EpisodeLog({ dir: freshDir() }).logTurn(1, 'user', 'x')).toEqual({ status: 'skipped', reason: 'no-session' });
  });
  it('never throws: a failed write is returned and reported (anton.md §15.17)', () => {
    const blocker = join(root, `blocker${n++}`);
    writeFileSync(blocker, 'a file where the episodes folder should be');
    const seen: LogResult[] = [];
    const log = new EpisodeLog({ dir: join(blocker, 'episodes'), onError: (f) => seen.push(f) });
    log.startSession();
    const result = log.logTurn(1, 'user', 'x');
    expect(result.status).toBe('failed');
    expect(seen).toEqual([result]);
  });
  it('survives a reporter that throws', () => {
    const dir = freshDir();
    const log = new EpisodeLog({ dir, onError: () => { throw new Error('reporter broke'); } });
    log.startSession();
    log.logTurn(1, 'user', 'x');
    chmodSync(log.file ?? '', 0o400);
    if (process.getuid?.() === 0) return; // root writes through file modes; the failure path is covered above
    expect(log.logTurn(1, 'user', 'y').status).toBe('failed');
  });
  it('starts a fresh line after a torn tail, so only the torn line is lost', () => {
    const log = new EpisodeLog({ dir: freshDir() });
    log.startSession();
    log.logTurn(1, 'user', 'first');
    writeFileSync(log.file ?? '', `${readFileSync(log.file ?? '', 'utf8')}{"ts": "2026-`);
    log.logTurn(1, 'assistant', 'second');
    const kinds = lines(log.file ?? '').map((l) => parseEpisodeLine(l).kind);
    expect(kinds).toEqual(['episode', 'bad', 'episode']);
  });
  it('resumes a session by id and refuses ids that are not plain names', () => {
    const log = new EpisodeLog({ dir: freshDir() });
    log.resumeSession('20260227_143052');
    expect(log.file?.endsWith('20260227_143052.jsonl')).toBe(true);
    for (const bad of ['../x', '/etc/passwd', '', 'a/b', '.hidden']) expect(() => log.resumeSession(bad)).toThrow(RangeError);
  });
});
