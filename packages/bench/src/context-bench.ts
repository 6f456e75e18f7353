import type { EncodeRequest, EngramScope, RuleKind } from '@engram/kernel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchMemory } from './bench-memory.js';
import { machineInfo, round, type BenchOptions, type BenchReport, percentile } from './bench-report.js';

/** Issue 4's size: 10,000 entries per scope, half rules and half lessons. */
const ENTRIES_PER_SCOPE = 10_000;
/** Profile facts in the global store: identity is small by nature, and budgeted at 300 tokens. */
const PROFILE_FACTS = 50;
/** Timed builds after the first: enough for a stable p95 on a 2-core machine. */
const BUILDS = 200;
/** Issue 4's target for one build after the first. */
const TARGET_MS = 5;
const KINDS: readonly RuleKind[] = ['always', 'never', 'when'];
/** Messages alternate, so the relevance reordering of when-rules does real work on each build. */
const MESSAGES = ['', 'aggregate the sales dataset by region', 'why does endpoint 42 rate-limit'];

const entriesFor = (scope: EngramScope, n: number): EncodeRequest[] => {
  const rules = Math.floor(n / 2);
  return [
    ...Array.from({ length: rules }, (_, i): EncodeRequest => ({ text: `${scope} rule ${i}: check the shape of dataset ${i} before you aggregate it`, kind: KINDS[i % KINDS.length] ?? 'always', confidence: 'medium', source: 'consolidation' })),
    ...Array.from({ length: n - rules }, (_, i): EncodeRequest => ({ text: `${scope} lesson ${i}: endpoint ${i % 97} rate-limits at ${i % 13} requests per second; back off`, kind: 'lesson', topic: i % 5 === 0 ? 'scratchpad' : 'api' })),
  ];
};


/**
 * `engram bench context`: `Cortex.memoryContext` (the block at the end of every system prompt,
 * docs/cortex.md) over file stores holding 10,000 entries per scope. The first build parses the
 * files; later ones are served from the stores' size-and-mtime-checked index, which is what a
 * turn pays. Target: under 5 ms per build after the first (p50 and p95 reported).
 */
export const contextBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const n = Math.max(20, Math.round(ENTRIES_PER_SCOPE * opts.scale));
  const builds = Math.max(10, Math.round(BUILDS * Math.min(1, opts.scale * 10)));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-context-'));
  try {
    const { cortex, global, project } = benchMemory(root);
    opts.progress(`context: writing ${n} entries per scope`);
    await global.encode([...entriesFor('global', n), ...Array.from({ length: PROFILE_FACTS }, (_, i): EncodeRequest => ({ text: `fact ${i}: value ${i}`, kind: 'profile' }))]);
    await project.encode(entriesFor('project', n));

    const t0 = process.hrtime.bigint();
    const first = await cortex.memoryContext(MESSAGES[1]);
    const firstMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const times: number[] = [];
    let chars = 0;
    for (let i = 0; i < builds; i++) {
      const s = process.hrtime.bigint();
      const ctx = await cortex.memoryContext(MESSAGES[i % MESSAGES.length]);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
      chars = Math.max(chars, ctx.text.length);
    }
    const primerStart = process.hrtime.bigint();
    await cortex.scratchpadPrimer();
    const primerMs = Number(process.hrtime.bigint() - primerStart) / 1e6;
    const total = times.reduce((a, b) => a + b, 0);
    times.sort((a, b) => a - b);
    const p50 = round(percentile(times, 0.5), 3);
    const p95 = round(percentile(times, 0.95), 3);
    return {
      suite: 'context',
      machine: machineInfo(),
      results: [
        { name: 'memory context, first build (parses both stores)', n: 1, seconds: round(firstMs / 1000, 4), perSecond: Math.round(1000 / firstMs), entriesPerScope: n, blockChars: first.text.length },
        { name: 'memory context, later builds (cached index, message varies)', n: builds, seconds: round(total / 1000, 4), perSecond: Math.round((builds * 1000) / total), entriesPerScope: n, p50Ms: p50, p95Ms: p95, maxBlockChars: chars, targetMs: TARGET_MS },
        { name: 'scratchpad primer, one build after the context', n: 1, seconds: round(primerMs / 1000, 4), perSecond: Math.round(1000 / primerMs) },
      ],
      targets: { contextP50UnderTarget: p50 < TARGET_MS, contextP95UnderTarget: p95 < TARGET_MS },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
