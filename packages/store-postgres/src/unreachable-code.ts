/** Client and server error codes that mean the store cannot be reached (refused, unknown host, shutting down, no such database, no such role). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P03', '3D000', '28000']);

/** True when `cause` (or the cause it wraps, as `openPostgres` throws it) says the server cannot be reached: the CLI's exit 3. */
export const storeUnreachable = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e != null && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE.has(code)) return true;
  }
  return false;
};
