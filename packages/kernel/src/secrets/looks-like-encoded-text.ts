/** Share of printable characters above which decoded bytes are text (random bytes: about 37%). */
const TEXT_SHARE = 0.9;

/**
 * True when a base64 string decodes to readable text ("SGVsbG8gd29ybGQ..." is "Hello world"):
 * such strings are encoded prose or data, not keys, whose bytes are random.
 */
export const looksLikeEncodedText = (value: string): boolean => {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  let decoded: string;
  try {
    decoded = atob(b64.slice(0, b64.length - (b64.length % 4)));
  } catch {
    return false;
  }
  if (decoded.length === 0) return false;
  let printable = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) printable++;
  }
  return printable / decoded.length >= TEXT_SHARE;
};
