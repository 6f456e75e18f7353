import { matches } from './each-match.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * Private key blocks in any armour: PEM (`-----BEGIN RSA PRIVATE KEY-----`, `OPENSSH`, `EC`,
 * `ENCRYPTED`, PKCS#8) and OpenPGP (`-----BEGIN PGP PRIVATE KEY BLOCK-----`), through their END
 * line, or to the end of the text when the block was cut. A block whose BEGIN line was cut off
 * (only its END survives) is redacted back to where its base64 starts. Runs on the whole text:
 * a block spans many lines.
 */
const BEGIN = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;
const END = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;
/** A line inside an armoured block: base64, or an armour header (`Proc-Type: 4,ENCRYPTED`, `Version: GnuPG`). */
const BODY_LINE = /^(?:[A-Za-z0-9+/=]*|[A-Za-z-]+: .*|=[A-Za-z0-9+/]{4})\r?$/;

export const detectPrivateKeyBlocks = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  let coveredTo = 0;
  for (const m of matches(BEGIN, text)) {
    if (m.index < coveredTo) continue;
    END.lastIndex = m.index + m[0].length;
    const end = END.exec(text);
    const stop = end === null ? text.length : end.index + end[0].length;
    spans.push({ start: m.index, end: stop, kind: 'private-key' });
    coveredTo = stop;
  }
  END.lastIndex = 0;
  for (const m of matches(END, text)) {
    if (spans.some((s) => s.start <= m.index && m.index < s.end)) continue;
    let start = text.lastIndexOf('\n', m.index - 1) + 1;
    while (start > 0) {
      const prev = text.lastIndexOf('\n', start - 2) + 1;
      if (!BODY_LINE.test(text.slice(prev, start - 1))) break;
      start = prev;
    }
    spans.push({ start, end: m.index + m[0].length, kind: 'private-key' });
  }
  return spans;
};

export const privateKeyDetector: SecretDetector = { name: 'private-key-blocks', keywords: ['private key'], scope: 'text', detect: detectPrivateKeyBlocks };
