/** Texts up to this many characters reuse one buffer; longer ones get their own (and let it go). */
const REUSED_BUFFER_CHARS = 1 << 20;

const encoder = new TextEncoder();
let shared = new Uint8Array(1024);

/**
 * The text as bytes, one per character, when it is all ASCII (nearly all output is); otherwise
 * undefined, and callers read characters. The prefilter's loops read a typed array faster than
 * `charCodeAt`, which must also handle every string representation (sliced, two-byte) per call.
 * The buffer is reused: valid until the next call.
 */
export const asciiBytes = (text: string): Uint8Array | undefined => {
  const n = text.length;
  let bytes = shared;
  if (n > bytes.length) {
    bytes = new Uint8Array(n);
    if (n <= REUSED_BUFFER_CHARS) shared = bytes;
  }
  // All ASCII exactly when every character became one byte; otherwise positions would shift.
  const { read, written } = encoder.encodeInto(text, bytes);
  return read === n && written === n ? bytes : undefined;
};
