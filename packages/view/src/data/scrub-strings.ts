import { scrubSecrets } from '@engram/kernel';

/**
 * Nesting walked before a value is cut: as deep as the log writer keeps (kernel's scrubValue), so
 * a hand-made log nested thousands deep cannot overflow the stack of the page that shows it.
 */
const MAX_DEPTH = 256;

/**
 * A copy of a value with every string (keys too) through the kernel's scrubber: what the app
 * shows from a log is scrubbed again, because a log can come from an older engram, another tool
 * or a hand, and the rule is that nothing is shown unscrubbed. Unlike `scrubValue` it leaves
 * numbers under secret-like names alone (`inputTokens` is a count, not a token).
 */
export const scrubStrings = <T>(value: T): T => walk(value, 0) as T;

const walk = (v: unknown, depth: number): unknown => {
  if (typeof v === 'string') return scrubSecrets(v);
  if (v === null || typeof v !== 'object') return v;
  if (depth >= MAX_DEPTH) return '[TRUNCATED:depth]';
  if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, scrubSecrets(k), { value: walk(x, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
};
