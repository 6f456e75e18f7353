import { scrubSecrets } from './secret-scrubber.js';

/**
 * Characters scrubbed beyond each kept end of an oversized text before it is cut: wide enough to
 * hold a whole private-key block or a long connection URL, so a secret that straddles the cut is
 * still recognised (scrub before clip), while a 30 MB paste costs the scrubber only the kept parts.
 */
const SCRUB_MARGIN_CHARS = 16_384;
/** Of what is kept, the share taken from the end: errors and results often say what matters last. */
const TAIL_SHARE = 0.2;

/** Moves an index off the low half of a surrogate pair, so a cut never splits a character. */
const safeCut = (text: string, at: number): number => (at > 0 && at < text.length && /[\uDC00-\uDFFF]/.test(text.charAt(at)) ? at - 1 : at);

/**
 * Scrubs `text` of secrets and caps it at about `max` characters, keeping the head and the tail
 * and recording the cut in the text itself (`[engram: N of M characters cut here ...]`), so
 * whatever stores it (the event log, memory, episodes) says it is not the whole input. Scrubbing
 * happens first, on the parts kept plus a margin, never on a clipped remnant.
 */
export const scrubAndCap = (text: string, max: number, scrub: (text: string) => string = scrubSecrets): string => {
  if (text.length <= max) {
    const clean = scrub(text);
    return clean.length <= max ? clean : scrubAndCap(clean, max, (t) => t);
  }
  const tailChars = Math.floor(max * TAIL_SHARE);
  const headChars = max - tailChars;
  const head = scrub(text.slice(0, safeCut(text, headChars + SCRUB_MARGIN_CHARS)));
  const tail = scrub(text.slice(safeCut(text, Math.max(0, text.length - tailChars - SCRUB_MARGIN_CHARS))));
  const keptHead = head.slice(0, safeCut(head, headChars));
  const keptTail = tail.slice(safeCut(tail, tail.length - tailChars));
  return `${keptHead}\n[engram: ${text.length - keptHead.length - keptTail.length} of ${text.length} characters cut here; inputs are capped at ${max}]\n${keptTail}`;
};
