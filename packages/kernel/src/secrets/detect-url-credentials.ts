import { matches } from './each-match.js';
import { mayHoldUserInfo } from './hit-context.js';
import { isMarkerAt } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { looksRandom } from './looks-random.js';

/**
 * The password in a URL's user info: `scheme://user:PASSWORD@host`, also with no user
 * (`redis://:PASSWORD@host`) and with `@` inside the password (`postgres://u:p@ss@host`: the
 * user info runs to the last `@` before the host). A user with no password is kept unless it
 * looks generated (a token used as the user: `https://TOKEN@github.com`).
 */
const AUTHORITY = /\b[a-z][a-z0-9+.-]*:\/\/([^\s/?#"'`<>()[\]{}\\|]*)/gi;

const detectUrlCredentials = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  for (const m of matches(AUTHORITY, text)) {
    const authority = m[1] ?? '';
    const at = authority.lastIndexOf('@');
    if (at <= 0) continue;
    const base = m.index + m[0].length - authority.length;
    const userInfo = authority.slice(0, at);
    const colon = userInfo.indexOf(':');
    if (colon === -1) {
      if (!isMarkerAt(userInfo, 0) && looksRandom(userInfo)) spans.push({ start: base, end: base + at, kind: 'url-token' });
      continue;
    }
    const start = base + colon + 1;
    if (start === base + at || isMarkerAt(text, start)) continue;
    spans.push({ start, end: base + at, kind: 'url-password' });
  }
  return spans;
};

export const urlCredentialDetector: SecretDetector = { name: 'url-credentials', keywords: ['://'], requires: ['@'], scope: 'line', detect: detectUrlCredentials, mayFireAt: mayHoldUserInfo };
