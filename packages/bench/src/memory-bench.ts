import { fork } from 'node:child_process';
import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EncodeRequest, RuleKind } from '@engram/kernel';
import { FileSemanticStore } from '@engram/hippocampus';
import { machineInfo, measure, round, type BenchOptions, type BenchReport } from './bench-report.js';

/** Issue 4's sizes: 10,000 entries one at a time and in one batch; 4 processes x 500 lessons. */
const ENTRIES = 10_000;
const PROCESSES = 4;
const PER_PROCESS = 500;
/** Rewrites timed to calibrate the disk: each store rewrite costs about two of its fsyncs, so runs on busy and quiet disks can be compared. */
const CALIBRATION_WRITES = 50;

/** Median milliseconds of one small write + fsync + rename + directory fsync on this disk right now. */
const fsyncRoundTripMs = (dir: string): number => {
  const times: number[] = [];
  for (let i = 0; i < CALIBRATION_WRITES; i++) {
    const t0 = process.hrtime.bigint();
    const temp = join(dir, `calibrate-${i}`);
    const fd = openSync(temp, 'wx');
    writeSync(fd, 'x'.repeat(1000));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, join(dir, 'calibrate'));
    const dfd = openSync(dir, 'r');
    fsyncSync(dfd);
    closeSync(dfd);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(times.length / 2)] ?? 0, 3);
};

/** Bytes this process has passed to write calls so far (Linux `/proc/self/io` wchar); null where that is not available. */
const bytesWritten = (): number | null => {
  try {
    const m = /^wchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
    return m?.[1] === undefined ? null : Number(m[1]);
  } catch {
    return null;
  }
};

/** Set in forked children: they encode their share of lessons and exit. */
const WORKER_ENV = 'ENGRAM_MEMORY_BENCH_WORKER';
const KINDS: readonly RuleKind[] = ['always', 'never', 'when'];

const ruleText = (i: number): string => `Check the shape of dataset ${i} before aggregating it (rule ${i})`;
const lessonText = (tag: string, i: number): string => `Endpoint ${tag}-${i} rate-limits at ${i % 97} requests per minute; back off`;

interface WorkerJob {
  readonly dir: string;
  readonly proc: number;
  readonly count: number;
}

/** Child side: one store per process, lessons encoded one call each, as separate sessions would. */
const runWorker = async (job: WorkerJob): Promise<void> => {
  const store = new FileSemanticStore({ dir: job.dir, scope: 'global' });
  for (let i = 0; i < job.count; i++) await store.encodeLesson(lessonText(`p${job.proc}`, i), { topic: 'bench' });
};

const workerJob = process.env[WORKER_ENV];
if (workerJob !== undefined) {
  runWorker(JSON.parse(workerJob) as WorkerJob).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

const runProcesses = (dir: string, count: number): Promise<void> =>
  Promise.all(
    Array.from(
      { length: PROCESSES },
      (_, proc) =>
        new Promise<void>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [WORKER_ENV]: JSON.stringify({ dir, proc, count } satisfies WorkerJob) }, stdio: 'inherit' });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`memory bench worker ${proc} exited with ${code}`))));
        }),
    ),
  ).then(() => undefined);

/**
 * `engram bench memory`: the semantic store's write paths at issue 4's sizes. Every encode
 * dedupes against the whole file, holds the cross-process lock and reaches the disk (rules: an
 * fdatasynced append, or an fsynced atomic rewrite while the file is small and once per 64
 * repeated section headings; lessons: an append, fdatasynced in the syncAppends row). Targets: 10,000 rules one at a time
 * < 30 s, 10,000 lessons one at a time < 3 s, a batch of 10,000 < 1 s, zero lost across processes.
 */
export const memoryStoreBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const n = Math.max(10, Math.round(ENTRIES * opts.scale));
  const perProcess = Math.max(5, Math.round(PER_PROCESS * opts.scale));
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-memory-'));
  const storeAt = (name: string) => new FileSemanticStore({ dir: join(root, name), scope: 'global' });
  const check = async (store: FileSemanticStore, what: 'rules' | 'lessons', expected: number) => {
    const snap = await store.read();
    const found = snap[what].length;
    if (found !== expected) throw new Error(`memory bench: ${what}: read back ${found}, expected ${expected}`);
  };
  try {
    const diskFsyncMs = fsyncRoundTripMs(root);
    const rulesStore = storeAt('rules-one');
    const writtenBefore = bytesWritten();
    const rules = await measure('encode rules one at a time (dedupe, locked fdatasynced append; a regrouping rewrite per 64 repeated headings)', n, async () => {
      for (let i = 0; i < n; i++) {
        await rulesStore.encodeRule(ruleText(i), KINDS[i % KINDS.length] ?? 'always');
        if (i % 1000 === 0) opts.progress(`memory: ${i} of ${n} rules`);
      }
    });
    const writtenAfter = bytesWritten();
    await check(rulesStore, 'rules', n);
    const dupes = await measure('re-encode existing rules (dedupe hit, no write)', n, async () => {
      for (let i = 0; i < n; i++) await rulesStore.encodeRule(ruleText(i), 'always');
    });
    await check(rulesStore, 'rules', n);

    const lessonsStore = storeAt('lessons-one');
    const lessons = await measure('encode lessons one at a time (dedupe, locked append)', n, async () => {
      for (let i = 0; i < n; i++) {
        await lessonsStore.encodeLesson(lessonText('one', i), { topic: 'bench' });
        if (i % 1000 === 0) opts.progress(`memory: ${i} of ${n} lessons`);
      }
    });
    await check(lessonsStore, 'lessons', n);

    const syncedN = Math.max(10, Math.round(n / 10));
    const syncedStore = new FileSemanticStore({ dir: join(root, 'lessons-synced'), scope: 'global', syncAppends: true });
    const lessonsSynced = await measure('encode lessons one at a time with syncAppends (fdatasync each)', syncedN, async () => {
      for (let i = 0; i < syncedN; i++) await syncedStore.encodeLesson(lessonText('sync', i), { topic: 'bench' });
    });
    await check(syncedStore, 'lessons', syncedN);

    const batchLessons = storeAt('lessons-batch');
    const lessonBatch: EncodeRequest[] = Array.from({ length: n }, (_, i) => ({ text: lessonText('batch', i), kind: 'lesson', topic: 'bench' }));
    const lessonsBatch = await measure('encode lessons in one call', n, () => batchLessons.encode(lessonBatch));
    await check(batchLessons, 'lessons', n);

    const batchRules = storeAt('rules-batch');
    const ruleBatch: EncodeRequest[] = Array.from({ length: n }, (_, i) => ({ text: ruleText(i), kind: KINDS[i % KINDS.length] ?? 'always' }));
    const rulesBatch = await measure('encode rules in one call', n, () => batchRules.encode(ruleBatch));
    await check(batchRules, 'rules', n);

    const sharedDir = join(root, 'shared');
    opts.progress(`memory: ${PROCESSES} processes x ${perProcess} lessons`);
    const concurrent = await measure(`${PROCESSES} processes x ${perProcess} distinct lessons, one store`, PROCESSES * perProcess, () => runProcesses(sharedDir, perProcess));
    const found = (await new FileSemanticStore({ dir: sharedDir, scope: 'global' }).read()).lessons.length;

    const bytes = (name: string, file: string) => statSync(join(root, name, file)).size;
    return {
      suite: 'memory',
      machine: machineInfo(),
      results: [
        {
          ...rules,
          targetSeconds: 30,
          diskFsyncMs,
          fileMegabytes: round(bytes('rules-one', 'rules.md') / 2 ** 20, 2),
          // What the encodes wrote in all (appends, the small file's rewrites, the regroupings); a rewrite per encode would be about n x final size / 2.
          writtenMegabytes: writtenBefore === null || writtenAfter === null ? null : round((writtenAfter - writtenBefore) / 2 ** 20, 1),
          rewritePerEncodeMegabytes: round((n * bytes('rules-one', 'rules.md')) / 2 / 2 ** 20, 0),
        },
        { ...dupes },
        { ...lessons, targetSeconds: 3, fileMegabytes: round(bytes('lessons-one', 'lessons.md') / 2 ** 20, 2) },
        { ...lessonsSynced, diskFsyncMs },
        { ...lessonsBatch, targetSeconds: 1 },
        { ...rulesBatch, targetSeconds: 1 },
        { ...concurrent, processes: PROCESSES, expected: PROCESSES * perProcess, found, lost: PROCESSES * perProcess - found },
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
