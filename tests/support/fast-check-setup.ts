import fc from 'fast-check';

/**
 * Lets a developer soak every property (`FC_NUM_RUNS=5000 npm test`) or replay a counterexample
 * that CI printed (`FC_SEED=888836303`). Unset, fast-check keeps its own defaults and a fresh
 * random seed per run, so CI keeps exploring new inputs.
 */
const runs = Number(process.env['FC_NUM_RUNS'] ?? '');
const seed = Number(process.env['FC_SEED'] ?? '');
fc.configureGlobal({
  ...(Number.isInteger(runs) && runs > 0 ? { numRuns: runs } : {}),
  ...(process.env['FC_SEED'] !== undefined && Number.isInteger(seed) ? { seed } : {}),
});
