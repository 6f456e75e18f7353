import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../secret-scrubber.js';

describe('header secrets', () => {
  it('leaves the code that builds a header alone and takes the header a log shows', () => {
    const code = 'headers = {"Authorization": f"Bearer {token}", "X-Api-Key": os.environ["KEY"]}';
    expect(scrubSecrets(code)).toBe(code);
    const token = ['Zq8v', 'R2mK9t', 'Lw4Xp7Nc'].join('');
    expect(scrubSecrets(`> Authorization: Bearer ${token}\n> Cookie: sid=${token}; theme=dark`)).toBe('> Authorization: Bearer [REDACTED:bearer-token]\n> Cookie: [REDACTED:cookie]');
  });
});
