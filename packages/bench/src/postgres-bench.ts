import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnyEnvelope, EventType } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { buildMemoryContext } from '@engram/cortex';
import type { EncodeRequest, RuleKind } from '@engram/kernel';
import { appendEvents, openPostgres, PostgresSemanticStore, type PostgresDb } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { postgresEpisodesBench } from './postgres-episodes-bench.js';
import { machineInfo, measure, percentile, round, type BenchOptions, type BenchReport } from './bench-report.js';

/** Issue 15's sizes: 100,000 events in batches of 1000; 16 processes x 500 lessons; 10,000 entries per scope. */
const EVENTS = 100_000;
const BATCH = 1000;
const PROCESSES = 16;
const PER_PROCESS = 500;
const ENTRIES = 10_000;
/** Change notifications timed for the freshness and memory block figures (bounded: each waits at most WAKE_LIMIT_MS). */
const CHANGES = 50;
/** A wake-up that has not arrived after this fails the bench (the target is 200 ms). */
const WAKE_LIMIT_MS = 10_000;
/** Memory blocks timed while nothing changes (served from the snapshot). */
const CACHED_BLOCKS = 200;
const SESSION = '20261124_101500_beef';
const MIX: readonly EventType[] = ['executive.tool.called', 'executive.tool.resulted', 'scratchpad.cell.requested', 'scratchpad.cell.executed', 'executive.round.completed'];
const KINDS: readonly RuleKind[] = ['always', 'never', 'when'];
const PROJECT = 'bench-project-0001';

/** Set in forked children: they encode their share of lessons and exit. */
const WORKER_ENV = 'ENGRAM_POSTGRES_BENCH_WORKER';

interface WorkerJob {
  readonly url: string;
  readonly tenant: string;
  readonly proc: number;
  readonly count: number;
}

/**
 * Child side: one host, lessons one call each; even ones are shared by every process (they race
 * for the same text). It connects, says `ready`, and encodes on `go`, so the timing covers the
 * encodes and not sixteen Node start-ups.
 */
const runWorker = async (job: WorkerJob): Promise<void> => {
  const db = await openPostgres({ url: job.url, tenant: job.tenant, poolSize: 2, migrate: false });
  const store = new PostgresSemanticStore({ db, scope: 'global' });
  const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
  process.send?.('ready');
  await go;
  for (let i = 0; i < job.count; i++) await store.encode([{ text: i % 2 === 0 ? `shared lesson ${i}` : `lesson ${job.proc}-${i}`, kind: 'lesson', topic: 'bench' }]);
  store.close();
  await db.close();
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

/** Starts the workers, waits until every one is connected, then times from `go` to the last exit. */
const runProcesses = async (job: Omit<WorkerJob, 'proc'>): Promise<number> => {
  const children = Array.from({ length: PROCESSES }, (_, proc) => fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [WORKER_ENV]: JSON.stringify({ ...job, proc } satisfies WorkerJob) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const exited = children.map(
    (child, proc) =>
      new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`postgres bench worker ${proc} exited with ${code}`))));
      }),
  );
  await Promise.race([Promise.all(children.map((child) => new Promise<void>((resolve) => child.once('message', () => resolve())))), Promise.all(exited)]);
  const t0 = process.hrtime.bigint();
  for (const child of children) child.send('go');
  await Promise.all(exited);
  return Number(process.hrtime.bigint() - t0) / 1e9;
};

const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const stats = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 0.5), 2), p95Ms: round(percentile(times, 0.95), 2), maxMs: round(times.at(-1) ?? 0, 2) };
};

const count = async (db: PostgresDb, sql: string): Promise<number> => Number((await db.pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0);

/**
 * `engram bench postgres`: PostgreSQL as the shared store, on a throwaway local server (initdb +
 * pg_ctl in a temp folder, removed after; never a user's database). Figures against issue 15's
 * targets: event appends in batches (>= 50k events/s), 16 processes x 500 lesson encodes into
 * one scope (0 lost, 0 duplicated), the memory block at 10,000 entries per scope right after a
 * change notification (p50 <= 5 ms), and how long a lesson encoded by host A takes to appear in
 * host B's next read (<= 200 ms), and episodic recall at 1,000,000 episodes (p50 <= 10 ms, the
 * worse of a rare and a common term). Issue 25's targets on the same episodes: ranked recall
 * (`search`) p95 <= 50 ms on every ranked row, and >= 2,000 episodes/s through the batch `append`.
 */
export const postgresBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const events = Math.max(BATCH, Math.round(EVENTS * opts.scale));
  const perProcess = Math.max(10, Math.round(PER_PROCESS * opts.scale));
  const entries = Math.max(100, Math.round(ENTRIES * opts.scale));
  const changes = Math.max(5, Math.round(CHANGES * Math.min(1, opts.scale * 10)));
  opts.progress('postgres: starting a throwaway server');
  const started = await startTestPostgres();
  if (!started.ok) throw new Error(`engram bench postgres needs PostgreSQL: ${started.reason}`);
  const url = started.pg.createDatabase('engram_bench');
  const dbs: PostgresDb[] = [];
  const stores: PostgresSemanticStore[] = [];
  try {
    const open = async (tenant: string) => {
      const db = await openPostgres({ url, tenant });
      dbs.push(db);
      return db;
    };
    const store = (db: PostgresDb, scope: 'global' | 'project') => {
      const s = new PostgresSemanticStore({ db, scope, projectId: PROJECT });
      stores.push(s);
      return s;
    };

    // 1. Event appends in batches, one session.
    const logDb = await open('bench-events');
    const template = Array.from({ length: BATCH }, (_, j) => buildEvent(MIX[j % MIX.length] as EventType, {}, { sessionId: SESSION }) as AnyEnvelope);
    let ids = 0;
    const append = await measure(`append events in batches of ${BATCH} (one transaction each, idempotent by event id)`, events, async () => {
      for (let i = 0; i < events; i += BATCH) {
        await appendEvents(
          logDb,
          SESSION,
          template.slice(0, Math.min(BATCH, events - i)).map((e) => ({ ...e, id: `b${++ids}` })),
        );
        if ((i / BATCH) % 10 === 0) opts.progress(`postgres: appended ${i} of ${events} events`);
      }
    });
    const storedEvents = await count(logDb, 'SELECT count(*) AS n FROM engram_events');

    // 2. Concurrent encoders: real processes, one tenant, one scope.
    opts.progress(`postgres: ${PROCESSES} processes x ${perProcess} lessons`);
    const shared = Math.ceil(perProcess / 2);
    const expected = shared + PROCESSES * (perProcess - shared);
    const encodeSeconds = await runProcesses({ url, tenant: 'bench-encoders', count: perProcess });
    const encodes = { name: `${PROCESSES} processes x ${perProcess} lesson encodes, one scope (half the texts shared by all; timed from all connected)`, n: PROCESSES * perProcess, seconds: round(encodeSeconds, 4), perSecond: Math.round((PROCESSES * perProcess) / encodeSeconds) };
    const encDb = await open('bench-encoders');
    const found = await count(encDb, "SELECT count(*) AS n FROM engram_memory WHERE scope_key = 'global'");
    const distinct = await count(encDb, "SELECT count(DISTINCT text) AS n FROM engram_memory WHERE scope_key = 'global'");

    // 3. Two hosts over 10,000 entries per scope: freshness and the memory block after a change.
    const [dbA, dbB] = [await open('bench-hosts'), await open('bench-hosts')];
    const [globalA, projectA] = [store(dbA, 'global'), store(dbA, 'project')];
    const [globalB, projectB] = [store(dbB, 'global'), store(dbB, 'project')];
    const seed = async (s: PostgresSemanticStore, tag: string) => {
      for (let i = 0; i < entries; i += BATCH) {
        const batch: EncodeRequest[] = Array.from({ length: Math.min(BATCH, entries - i) }, (_, k) => {
          const j = i + k;
          return j % 2 === 0
            ? { text: `${tag} rule ${j}: check the shape of dataset ${j} before aggregating`, kind: KINDS[j % KINDS.length] ?? 'always' }
            : { text: `${tag} lesson ${j}: endpoint ${j} rate-limits at ${j % 97} requests per minute`, kind: 'lesson', topic: 'bench' };
        });
        await s.encode(batch);
        opts.progress(`postgres: seeded ${i + batch.length} of ${entries} ${tag} entries`);
      }
    };
    const seedResult = await measure(`seed ${entries} entries per scope in batches of ${BATCH}`, 2 * entries, async () => {
      await seed(globalA, 'global');
      await seed(projectA, 'project');
    });
    const block = async () => buildMemoryContext({ global: await globalB.read(), project: await projectB.read(), message: 'aggregate the dataset' });
    await block();
    const cachedTimes: number[] = [];
    for (let i = 0; i < CACHED_BLOCKS; i++) {
      const t0 = process.hrtime.bigint();
      await block();
      cachedTimes.push(ms(t0));
    }
    const freshness: number[] = [];
    const afterChange: number[] = [];
    for (let i = 0; i < changes; i++) {
      const before = await globalB.read();
      const text = `freshly learned lesson ${i}: retry on HTTP 503`;
      await globalA.encode([{ text, kind: 'lesson', topic: 'bench' }]);
      const t0 = process.hrtime.bigint();
      // Host B's snapshot is replaced only when the wake-up arrives: watch it (no query until then).
      while ((await globalB.read()) === before) {
        if (ms(t0) > WAKE_LIMIT_MS) throw new Error(`postgres bench: host B saw no wake-up within ${WAKE_LIMIT_MS} ms`);
        await new Promise((r) => setImmediate(r));
      }
      freshness.push(ms(t0));
      if (!(await globalB.read()).lessons.some((e) => e.text === text)) throw new Error('postgres bench: host B woke up without the new lesson');
      // The next memory block after the notification: the global scope is read afresh, the project's is still valid.
      const woken = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`postgres bench: host B saw no wake-up within ${WAKE_LIMIT_MS} ms`)), WAKE_LIMIT_MS);
        const off = globalB.onChange(() => {
          off();
          clearTimeout(timer);
          resolve();
        });
      });
      await globalA.encode([{ text: `${text} (again)`, kind: 'lesson', topic: 'bench' }]);
      await woken;
      const t1 = process.hrtime.bigint();
      await block();
      afterChange.push(ms(t1));
      opts.progress(`postgres: change ${i + 1} of ${changes}`);
    }
    // 4. Episodic recall, literal and ranked, and batch ingest at 1,000,000 episodes (its own tenant).
    opts.progress('postgres: episodes');
    const episodes = await postgresEpisodesBench(await open('bench-episodes'), opts.scale, opts.progress);
    const fresh = stats(freshness);
    const rebuilt = stats(afterChange);
    const cached = stats(cachedTimes);
    const appendPerSecond = append.perSecond;
    return {
      suite: 'postgres',
      machine: machineInfo(),
      results: [
        { ...append, batch: BATCH, stored: storedEvents, targetPerSecond: 50_000 },
        { ...encodes, processes: PROCESSES, expected, found, distinct, lost: expected - distinct, duplicated: found - distinct },
        { ...seedResult },
        { name: `memory block after a change notification (${entries} entries per scope, global re-read, project cached)`, n: changes, seconds: round(afterChange.reduce((a, b) => a + b, 0) / 1000, 4), perSecond: Math.round(changes / (afterChange.reduce((a, b) => a + b, 0) / 1000)), ...rebuilt, targetP50Ms: 5 },
        { name: 'memory block with nothing changed (snapshots kept, no query)', n: CACHED_BLOCKS, seconds: round(cachedTimes.reduce((a, b) => a + b, 0) / 1000, 4), perSecond: Math.round(CACHED_BLOCKS / (cachedTimes.reduce((a, b) => a + b, 0) / 1000)), ...cached },
        { name: "host A's lesson in host B's next read (wake-up + re-read)", n: changes, seconds: round(freshness.reduce((a, b) => a + b, 0) / 1000, 4), perSecond: Math.round(changes / (freshness.reduce((a, b) => a + b, 0) / 1000)), ...fresh, targetMs: 200 },
        ...episodes.results,
      ],
      targets: {
        appendAtLeast50kPerSecond: appendPerSecond >= 50_000,
        encodesLost: expected - distinct,
        encodesDuplicated: found - distinct,
        memoryBlockP50AtMost5Ms: rebuilt.p50Ms <= 5,
        crossHostP95AtMost200Ms: fresh.p95Ms <= 200,
        episodicRecallP50AtMost10Ms: episodes.recallP50Ms <= 10,
        rankedRecallP95AtMost50Ms: episodes.rankedP95Met,
        episodeIngestAtLeast2000PerSecond: episodes.ingestMet,
      },
    };
  } finally {
    for (const s of stores) s.close();
    for (const db of dbs) await db.close().catch(() => undefined);
    started.pg.stop();
  }
};
