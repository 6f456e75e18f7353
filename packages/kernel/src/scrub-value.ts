import { redacted, scrubSecrets } from './secret-scrubber.js';

/** Object keys whose value is a secret whatever it looks like (`{ "password": "hunter2" }`). */
const SECRET_FIELD = /pass(?:word|wd|phrase)?$|pwd$|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|authorization|credentials?|cookie/i;

export interface ScrubValueOptions {
  /** The text scrubber (default `scrubSecrets`); stores pass their own to count or wrap it. */
  readonly scrub?: (text: string) => string;
  /** Nesting kept (default MAX_DEPTH); deeper values become a `[TRUNCATED:depth]` marker. */
  readonly maxDepth?: number;
}

/**
 * Nesting kept in a scrubbed copy. Far deeper than any real tool input, and shallow enough that
 * the copy can still be serialised: `JSON.stringify` overflows the stack at about 4,000 levels,
 * so an unbounded copy of a hostile 5,000-deep payload would break the log writer instead.
 */
export const MAX_DEPTH = 256;
const TRUNCATED = '[TRUNCATED:depth]';

type Container = unknown[] | Record<string, unknown>;
/** Copy `from` into `into`, or (`into` null) leave `from`: its subtree is done, it is no longer an ancestor. */
interface Task {
  readonly from: object;
  readonly into: Container | null;
  readonly depth: number;
}

/**
 * Scrubs a structured value (a tool's input, a parsed JSON answer): every string leaf and every
 * object key goes through the scrubber (a secret used as a key is still a secret), and the value
 * of a field named like a secret is redacted outright. Returns a new value; the input is not
 * modified. The walk is iterative (an explicit stack), so a 5,000-deep payload cannot overflow the
 * call stack; nesting past `maxDepth` and cycles are replaced by markers.
 */
export const scrubValue = (value: unknown, options: ScrubValueOptions = {}): unknown => {
  const scrub = options.scrub ?? scrubSecrets;
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  /** The objects from the root to the one being copied: meeting one again is a cycle (a shared, acyclic object is copied twice). */
  const path = new Set<object>();
  const stack: Task[] = [];
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (v === null || typeof v !== 'object') return v;
    if (path.has(v)) return '[CIRCULAR]';
    if (depth >= maxDepth) return TRUNCATED;
    const into: Container = Array.isArray(v) ? [] : {};
    stack.push({ from: v, into: null, depth }, { from: v, into, depth });
    return into;
  };
  const root = copy(value, 0);
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    const { from, into, depth } = task;
    if (into === null) {
      path.delete(from);
      continue;
    }
    path.add(from);
    if (Array.isArray(from) && Array.isArray(into)) {
      for (const item of from as unknown[]) into.push(copy(item, depth + 1));
      continue;
    }
    const out = into as Record<string, unknown>;
    for (const [k, v] of Object.entries(from)) {
      const clean = scrub(k);
      let key = clean;
      for (let n = 2; Object.hasOwn(out, key); n++) key = `${clean}#${n}`; // two keys redacted alike both survive
      const item = SECRET_FIELD.test(k) && (typeof v === 'string' || typeof v === 'number') ? redacted('field') : copy(v, depth + 1);
      // defineProperty, not assignment: a `__proto__` key stays a key instead of replacing the prototype.
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
};
