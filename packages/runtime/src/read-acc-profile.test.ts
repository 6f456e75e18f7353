import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccProfileError, parseAccProfile, readAccProfile } from './read-acc-profile.js';

describe('detector profiles a user names', () => {
  it('a field the profile does not take is an AccProfileError (invalid) naming the file and the field', () => {
    const bad = () => parseAccProfile('{"name":"p","params":{},"bogus":1}', '/p/acc.json');
    expect(bad).toThrow(AccProfileError);
    expect(bad).toThrow(expect.objectContaining({ _tag: 'AccProfileError', reason: 'invalid', file: '/p/acc.json' }));
    expect(bad).toThrow(/\/p\/acc\.json: .*bogus/);
  });

  it('a missing file or a link is an AccProfileError (unreadable) naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-acc-profile-'));
    expect(() => readAccProfile(join(dir, 'none.json'))).toThrow(expect.objectContaining({ _tag: 'AccProfileError', reason: 'unreadable', file: join(dir, 'none.json') }));
    writeFileSync(join(dir, 'real.json'), '{"name":"p","params":{}}');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    expect(() => readAccProfile(join(dir, 'link.json'))).toThrow(expect.objectContaining({ _tag: 'AccProfileError', reason: 'unreadable' }));
    expect(readAccProfile(join(dir, 'real.json')).name).toBe('p');
  });
});
