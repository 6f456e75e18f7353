import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withInstinctBrain } from '../instincts/with-instinct-brain.js';
import { openActivePostgres } from './open-active-postgres.js';
import { sessionEvents } from './session-events.js';

const roots = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-open-errors-'));
  return { home: join(dir, 'home'), project: join(dir, 'project') };
};

/** What a command that opens memory reports when it cannot: a tagged error, whose tag and reason the CLI's exit code comes from. */
describe('opening memory: the tagged errors', () => {
  it('a session id that is not one is a SessionLogError (bad-id); one with no log (no-log)', async () => {
    const bad = await sessionEvents('../x', roots(), {});
    expect(bad.kind === 'problem' && { tag: bad.error._tag, reason: bad.error.reason }).toEqual({ tag: 'SessionLogError', reason: 'bad-id' });
    const none = await sessionEvents('s-none', roots(), {});
    expect(none.kind === 'problem' && { tag: none.error._tag, reason: none.error.reason }).toEqual({ tag: 'SessionLogError', reason: 'no-log' });
  });

  it('a bad store setting is the StoreSettingError itself', async () => {
    const found = await sessionEvents('s1', roots(), { ENGRAM_STORE: 'mysql://x' });
    expect(found.kind === 'problem' && { tag: found.error._tag, reason: found.error.reason }).toEqual({ tag: 'StoreSettingError', reason: 'bad-url' });
  });

  it('a server nobody listens on (127.0.0.1, a closed port) is a StoreOpenError (unreachable)', async () => {
    const opened = await openActivePostgres({ url: 'postgres://engram@127.0.0.1:9/engram', tenant: 'default' }, false);
    expect('error' in opened && { tag: opened.error._tag, reason: opened.error.reason }).toEqual({ tag: 'StoreOpenError', reason: 'unreachable' });
  });

  it('a bad --scope or --now of the instinct commands is an ArgumentError', async () => {
    await expect(withInstinctBrain({ ...roots(), scope: 'team' }, () => Promise.resolve(0), {})).rejects.toMatchObject({ _tag: 'ArgumentError', reason: 'bad-scope' });
    await expect(withInstinctBrain({ ...roots(), now: 'yesterday' }, () => Promise.resolve(0), {})).rejects.toMatchObject({ _tag: 'ArgumentError', reason: 'bad-time' });
  });
});
