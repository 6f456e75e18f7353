import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../secret-scrubber.js';

describe('header secrets', () => {
  it('leaves the code that builds a header alone and takes the header a log shows', () => {
    const code = 'headers = {"Authorization": f"Bearer {token}", "X-Api-Key": os.environ["KEY"]}';
    expect(scrubSecrets(code)).toBe(code);
    const token = ['Zq8v', 'R2mK9t', 'Lw4Xp7Nc'].join('');
    expect(scrubSecrets(`> Authorization: Bearer ${token}\n> Cookie: sid=${token}; theme=dark`)).toBe('> Authorization: Bearer [REDACTED:bearer-token]\n> Cookie: [REDACTED:cookie]');
  });

  it('reads a URL user named like a header (https://x-access-token:TOKEN@host) as user info: the token goes, the host and path stay', () => {
    const token = ['gh', 's_', 'Zq8vR2mK9tLw4Xp7NcZq8vR2mK9tLw4Xp7Nc'].join('');
    expect(scrubSecrets(`git clone https://x-access-token:${token}@github.com/acme/app.git`)).toBe('git clone https://x-access-token:[REDACTED:github-token]@github.com/acme/app.git');
    const plain = ['Zq8v', 'R2mK9t', 'Lw4Xp7Nc'].join('');
    expect(scrubSecrets(`https://api-key:${plain}@example.com/v1`)).toBe('https://api-key:[REDACTED:url-password]@example.com/v1');
    // Without the `@` it is not user info, and the pair reading still takes the value.
    expect(scrubSecrets(`https://token:${plain}`)).not.toContain(plain);
  });
});
