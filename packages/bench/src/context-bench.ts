import { buildMemoryContext } from '@engram/cortex';
import type { EncodeRequest, EngramScope, MemoryEntry, RuleKind } from '@engram/kernel';
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
/** Changes timed for the block after one entry changes: each adds one lesson to the global scope. */
const CHANGES = 50;
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
 * turn pays. Target: under 5 ms per build after the first (p50 and p95 reported). Then the block
 * after one entry changes, without PostgreSQL: the snapshots a PostgreSQL store hands over after a
 * wake-up (a new array, the same entry objects for the rest) given to `buildMemoryContext`.
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
    // After one entry changes, as a PostgreSQL store hands it over after a wake-up: a new lessons
    // array holding the same objects for the 5,000 unchanged lessons, and one new lesson. One
    // message, as in `engram bench postgres`: the row times what the change costs; a message that
    // matches every lesson costs more whether or not anything changed (the row above, its p95).
    const changes = Math.max(5, Math.round(CHANGES * Math.min(1, opts.scale * 10)));
    const [globalSnapshot, projectSnapshot] = [await global.read(), await project.read()];
    const template = globalSnapshot.lessons.at(-1);
    if (template === undefined) throw new Error('the context bench wrote no lesson');
    let lessons = globalSnapshot.lessons;
    const afterChange: number[] = [];
    for (let i = 0; i < changes; i++) {
      const added: MemoryEntry = { ...template, id: `bench-change-${i}`, text: `freshly learned lesson ${i}: retry endpoint ${i % 97} on HTTP 503`, updatedAt: new Date().toISOString() };
      lessons = [...lessons, added];
      const s = process.hrtime.bigint();
      buildMemoryContext({ global: { ...globalSnapshot, lessons }, project: projectSnapshot, message: MESSAGES[1] ?? '' });
      afterChange.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    const changedTotal = afterChange.reduce((a, b) => a + b, 0);
    afterChange.sort((a, b) => a - b);
    const changedP50 = round(percentile(afterChange, 0.5), 3);
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
        { name: `memory block after one entry changes (${n} entries per scope; a new lessons array, the same objects for the rest)`, n: changes, seconds: round(changedTotal / 1000, 4), perSecond: Math.round((changes * 1000) / changedTotal), entriesPerScope: n, p50Ms: changedP50, p95Ms: round(percentile(afterChange, 0.95), 3), targetMs: TARGET_MS },
        { name: 'scratchpad primer, one build after the context', n: 1, seconds: round(primerMs / 1000, 4), perSecond: Math.round(1000 / primerMs) },
      ],
      targets: { contextP50UnderTarget: p50 < TARGET_MS, contextP95UnderTarget: p95 < TARGET_MS, blockAfterChangeP50UnderTarget: changedP50 < TARGET_MS },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
