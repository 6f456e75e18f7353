/** Session ids become file names: Anton's `YYYYMMDD_HHMMSS` and engram's `..._xxxx` pass, anything path-like does not. */
const SAFE_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Throws a RangeError naming the id when it is not a plain session id (every episode backend refuses the same ids). */
export const checkSessionId = (id: string): string => {
  if (!SAFE_SESSION_ID.test(id)) throw new RangeError(`not a session id: ${JSON.stringify(id)} (expected letters, digits, '_' and '-', e.g. 20260227_143052_ab12)`);
  return id;
};
