/**
 * A child process for the multi-process tests: writes distinct entries into one store, one call
 * each, as separate sessions sharing the global memory would.
 * Usage: store-writer.ts DIR PROC COUNT [forever [mixed]]
 * - COUNT > 0: writes COUNT lessons and COUNT/5 rules tagged with PROC, then exits.
 * - forever: writes rules `rule PROC-<n>` from n = COUNT on until killed, printing each n done;
 *   all Always, or with `mixed` Always, Never, When in turn (appends with repeated headings and
 *   the regrouping rewrites between them).
 */
import { FileSemanticStore } from '@engram/hippocampus';

const [dir = '', procArg = '0', countArg = '0', mode = '', kinds = ''] = process.argv.slice(2);
const KINDS = ['always', 'never', 'when'] as const;
const proc = Number(procArg);
const count = Number(countArg);
/** proper-lockfile's floor: a killed writer's lock is taken over after 2 s instead of 10 s. */
const store = new FileSemanticStore({ dir, scope: 'global', lock: { staleMs: 2000 } });

if (mode === 'forever') {
  for (let n = count; ; n++) {
    await store.encodeRule(`rule ${proc}-${n}`, kinds === 'mixed' ? (KINDS[n % 3] ?? 'always') : 'always');
    process.stdout.write(`${n}\n`);
  }
} else {
  for (let i = 0; i < count; i++) {
    await store.encodeLesson(`lesson from ${proc} number ${i}`, { topic: `p${proc}` });
    if (i % 5 === 0) await store.encodeRule(`rule from ${proc} number ${i}`, i % 2 === 0 ? 'always' : 'never');
  }
}
