/** The user's answer to "Save to memory? (y/n/pick numbers)". */
export type CopilotAnswer =
  /** `y` / `yes`: store every memory shown. */
  | { readonly kind: 'all' }
  /** `n` / `no`: store none; they are rejected. */
  | { readonly kind: 'none' }
  /** An empty line: decide later; they stay pending (`engram memory pending`). */
  | { readonly kind: 'later' }
  /** Numbers (1-based, separated by spaces or commas): store those; the others shown are rejected. */
  | { readonly kind: 'pick'; readonly numbers: readonly number[] }
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * Parses the answer to copilot's question about `count` memories (Anton's rules: y/yes all,
 * n/no none, else 1-based numbers separated by spaces or commas), plus an empty line for "later".
 * A number out of range or a word that is neither is invalid (the question is asked again), so
 * a typo never stores or drops what the user did not choose.
 */
export const parseCopilotAnswer = (answer: string, count: number): CopilotAnswer => {
  const a = answer.trim().toLowerCase();
  if (a === '') return { kind: 'later' };
  if (a === 'y' || a === 'yes' || a === 'a' || a === 'all') return { kind: 'all' };
  if (a === 'n' || a === 'no' || a === 'none') return { kind: 'none' };
  const parts = a.split(/[\s,]+/).filter((p) => p !== '');
  const numbers: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p)) return { kind: 'invalid', message: `answer y, n, or numbers from 1 to ${count} (not ${JSON.stringify(p)})` };
    const n = Number(p);
    if (n < 1 || n > count) return { kind: 'invalid', message: `${n} is not shown: pick numbers from 1 to ${count}` };
    if (!numbers.includes(n)) numbers.push(n);
  }
  return { kind: 'pick', numbers: numbers.sort((x, y) => x - y) };
};

/** Which pending ids the answer accepts and which it rejects; `later` (and `invalid`) decide nothing. */
export const copilotDecision = (answer: CopilotAnswer, pendingIds: readonly string[]): { readonly accept: readonly string[]; readonly reject: readonly string[] } => {
  switch (answer.kind) {
    case 'all':
      return { accept: [...pendingIds], reject: [] };
    case 'none':
      return { accept: [], reject: [...pendingIds] };
    case 'pick':
      return { accept: pendingIds.filter((_, i) => answer.numbers.includes(i + 1)), reject: pendingIds.filter((_, i) => !answer.numbers.includes(i + 1)) };
    case 'later':
    case 'invalid':
      return { accept: [], reject: [] };
  }
};
