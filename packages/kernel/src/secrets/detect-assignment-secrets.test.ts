import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../secret-scrubber.js';

describe('assignment secrets', () => {
  it('finds a pair whose name is glued to a token starting with a digit, and scrubbing twice changes nothing (found by the idempotence property)', () => {
    const once = scrubSecrets('Bearer 9AAAAAAAAAAAA$password=AAAAAAAA');
    expect(once).toBe('Bearer [REDACTED:bearer-token]$password=[REDACTED:secret]');
    expect(scrubSecrets(once)).toBe(once);
    expect(scrubSecrets('x=1 9db_password=hunter2x')).toBe('x=1 9db_password=[REDACTED:secret]');
  });
});
