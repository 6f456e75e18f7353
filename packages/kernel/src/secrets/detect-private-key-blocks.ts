import { matches } from './each-match.js';
import { REDACTED_PREFIX } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * Private key blocks in any armour: PEM (`-----BEGIN RSA PRIVATE KEY-----`, `OPENSSH`, `EC`,
 * `ENCRYPTED`, PKCS#8) and OpenPGP (`-----BEGIN PGP PRIVATE KEY BLOCK-----`), through their END
 * line (on the same line too, as in a JSON string with `\n` escapes). A block that was cut (a
 * pad keeps the head and tail of long output) runs through its base64 lines and stops at the
 * first line that is not one, so the output after the cut survives; a block whose BEGIN line was
 * cut off (only its END survives) is redacted back to where its base64 starts. Runs on the whole
 * text: a block spans many lines.
 */
const BEGIN = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;
const END = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;
const END_LINE = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/;
/** A line inside an armoured block: base64, or an armour header (`Proc-Type: 4,ENCRYPTED`, `Version: GnuPG`). */
const BODY_LINE = /^(?:[A-Za-z0-9+/=]*|[A-Za-z-]+: .*|=[A-Za-z0-9+/]{4})\r?$/;
/** A base64 stretch long enough to be key material at the start or end of a line that also holds other text. */
const BODY_LEAD = /^[A-Za-z0-9+/=]{16,}/;
const BODY_TAIL = /[A-Za-z0-9+/=]{16,}\r?$/;

/** Where a block that starts at `from` (just after its BEGIN line's marker) ends. */
const blockEnd = (text: string, from: number): number => {
  let lineEnd = text.indexOf('\n', from);
  if (lineEnd === -1) lineEnd = text.length;
  // Searched on the line only: an END cannot span lines, and a search through the rest of the
  // text for every BEGIN made many cut blocks in one long text quadratic.
  const end = END_LINE.exec(text.slice(from, lineEnd));
  if (end !== null) return from + end.index + end[0].length;
  let stop = lineEnd;
  while (stop < text.length) {
    const start = stop + 1;
    let next = text.indexOf('\n', start);
    if (next === -1) next = text.length;
    const line = text.slice(start, next);
    const endAt = line.search(END_LINE);
    if (endAt !== -1) return start + endAt + (line.slice(endAt).match(END_LINE)?.[0].length ?? 0);
    // An earlier scrub's marker (`Authorization: [REDACTED:secret]`) is output after the block, not an armour header.
    if (line.includes(REDACTED_PREFIX)) return stop;
    if (line.trim() === '') {
      // A blank line belongs to the block only between armour headers and the body (PGP).
      const after = text.slice(next + 1, text.indexOf('\n', next + 1) === -1 ? text.length : text.indexOf('\n', next + 1));
      if (next >= text.length || after.trim() === '' || !BODY_LINE.test(after)) return stop;
    } else if (!BODY_LINE.test(line)) {
      // The block's last line may run into other text (a string's closing quotes): keep its base64 lead.
      const lead = BODY_LEAD.exec(line);
      return lead === null ? stop : start + lead[0].length;
    }
    stop = next;
  }
  return stop;
};

const detectPrivateKeyBlocks = (text: string): SecretSpan[] => {
  const spans: SecretSpan[] = [];
  let coveredTo = 0;
  for (const m of matches(BEGIN, text)) {
    if (m.index < coveredTo) continue;
    const stop = blockEnd(text, m.index + m[0].length);
    spans.push({ start: m.index, end: stop, kind: 'private-key' });
    coveredTo = stop;
  }
  END.lastIndex = 0;
  for (const m of matches(END, text)) {
    if (spans.some((s) => s.start <= m.index && m.index < s.end)) continue;
    let start = text.lastIndexOf('\n', m.index - 1) + 1;
    while (start > 0) {
      const prev = text.lastIndexOf('\n', start - 2) + 1;
      const line = text.slice(prev, start - 1);
      if (!BODY_LINE.test(line)) {
        // The block's first surviving line may follow other text (a string's opening quotes): take its base64 tail.
        const tail = BODY_TAIL.exec(line);
        if (tail !== null) start = prev + tail.index;
        break;
      }
      start = prev;
    }
    spans.push({ start, end: m.index + m[0].length, kind: 'private-key' });
  }
  return spans;
};

export const privateKeyDetector: SecretDetector = {
  name: 'private-key-blocks',
  keywords: ['private key'],
  scope: 'text',
  detect: detectPrivateKeyBlocks,
  /** BEGIN and END both hold `PRIVATE KEY` in capitals, where the prefilter's hit starts (`private readonly` is code). */
  mayFireAt: (text, at) => text.startsWith('PRIVATE KEY', at),
};
