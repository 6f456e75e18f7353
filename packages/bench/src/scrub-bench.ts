import os from 'node:os';
import { scrubSecrets, scrubValue } from '@engram/kernel';
import { LOOK_ALIKES, SECRET_SAMPLES } from '@engram/kernel/testing';
import { machineInfo, measure, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';

/** Megabytes of text per measured run: enough for a stable figure, a few seconds at the target. */
const CORPUS_MB = 20;
/** Issue 11: the scrubber keeps at least this pace on a realistic mix. */
const TARGET_MB_PER_SECOND = 50;
/** Chunks scrubbed before measuring: enough calls for V8 to optimise the per-call path. */
const WARM_UP_CHUNKS = 4000;
/** Passes per case; the median is reported, since one pass on a shared machine can land on another process's burst. */
const PASSES = 3;
/** One secret per this many ordinary chunks: sessions print secrets rarely, but they do. */
const SECRET_EVERY = 40;

/** What sessions put on the bus: tracebacks, tables, JSON answers, code, logs, warnings, shell output. */
const ORDINARY = [
  'Traceback (most recent call last):\n  File "/tmp/pad/cell_12.py", line 3, in <module>\n    df = pd.read_csv("sales_2026.csv")\nFileNotFoundError: [Errno 2] No such file or directory: \'sales_2026.csv\'\n',
  '   region  revenue  units  margin\n0   north   1234.5     12    0.31\n1   south    987.1      9    0.27\n2    east   4410.0     31    0.35\n3    west   2250.7     18    0.29\n',
  '{"id": "3f2b9c1e-8d4a-4f6b-9e2a-1c5d7b8a9e0f", "sha": "9bd6ebe1a2b3c4d5e6f708192a3b4c5d6e7f8091", "status": "ok", "count": 42, "items": [1, 2, 3]}\n',
  'import pandas as pd\nfor i, row in df.iterrows():\n    total += row["revenue"] * row["units"]\nprint(f"total={total:.2f}")\n',
  'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.\nadded 312 packages in 9s\n',
  '2026-11-24T02:06:59Z INFO  request GET /api/v1/reports?page=2 200 in 35ms (user=ada, region=eu-west-1)\n',
  'commit 9bd6ebe1a2b3c4d5e6f708192a3b4c5d6e7f8091\nAuthor: Ada <ada@example.com>\nDate:   Tue Nov 24 02:06:59 2026\n\n    One event-log reader for the audit\n',
  '$ ls -la /srv/data\ntotal 48\ndrwxr-xr-x 2 ada ada 4096 Nov 24 02:06 .\n-rw-r--r-- 1 ada ada 9120 Nov 24 02:06 sales.csv\n',
  'for key, value in settings.items():\n    print(key, value)\nresponse = client.messages.create(model=m, max_tokens=4096)\n',
];

/** The mixed corpus: ordinary output with the labelled secrets and look-alikes sprinkled in. */
const corpus = (megabytes: number): string[] => {
  const chunks: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1e6; i++) {
    const chunk = i % SECRET_EVERY === SECRET_EVERY - 1 ? (SECRET_SAMPLES[i % SECRET_SAMPLES.length]?.text ?? '') : i % 7 === 6 ? (LOOK_ALIKES[i % LOOK_ALIKES.length]?.text ?? '') : (ORDINARY[i % ORDINARY.length] ?? '');
    chunks.push(chunk);
    size += chunk.length;
  }
  return chunks;
};

/** The worst case for the prefilter: every chunk a labelled secret or a look-alike built to trigger the detectors. */
const denseCorpus = (megabytes: number): string[] => {
  const chunks: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1e6; i++) {
    const chunk = i % 2 === 0 ? (SECRET_SAMPLES[(i >> 1) % SECRET_SAMPLES.length]?.text ?? '') : (LOOK_ALIKES[(i >> 1) % LOOK_ALIKES.length]?.text ?? '');
    chunks.push(`${chunk}\n`);
    size += chunk.length + 1;
  }
  return chunks;
};

/** Groups chunks into event-sized texts (a cell's output, a tool result) of about `size` characters. */
const texts = (chunks: readonly string[], size: number): string[] => {
  const out: string[] = [];
  let current = '';
  for (const c of chunks) {
    current += c;
    if (current.length >= size) {
      out.push(current);
      current = '';
    }
  }
  if (current !== '') out.push(current);
  return out;
};

/** `engram bench scrub`: MB/s of `scrubSecrets` on a realistic mixed corpus, as small events, large outputs and one huge string, and on a secret-dense corpus (many hits); plus `scrubValue` on a 5,000-deep payload. */
export const scrubBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const mb = Math.max(1, CORPUS_MB * opts.scale);
  const chunks = corpus(mb);
  const bytes = chunks.reduce((n, c) => n + c.length, 0);
  const shapes: readonly [string, number][] = [
    ['events of ~500 characters', 500],
    ['tool outputs of ~16 KB', 16_000],
    ['one huge output', Number.MAX_SAFE_INTEGER],
  ];
  // Warm-up at both call shapes: the per-call path (event-sized texts) and the long-text path, so the
  // figures are the steady state of a resident process (a session, `engram serve`), not V8's compile time.
  for (const t of texts(chunks.slice(0, WARM_UP_CHUNKS), 500)) scrubSecrets(t);
  scrubSecrets(chunks.slice(0, WARM_UP_CHUNKS).join(''));
  const results: BenchResult[] = [];
  const speeds: number[] = [];
  // The dense case is reported beside the target, not in it: real output is not half secrets.
  const dense = denseCorpus(Math.max(1, mb / 4));
  const cases: readonly (readonly [string, readonly string[], number])[] = [...shapes.map(([name, size]) => [name, chunks, size] as const), ['secret-dense outputs of ~16 KB (every chunk a secret or a look-alike)', dense, 16_000],
    // One long secret-dense text: the span merge once compared every span with every other here (quadratic).
    ['secret-dense, one huge output', dense, Number.MAX_SAFE_INTEGER],
  ];
  for (const [name, source, size] of cases) {
    const batch = texts(source, size);
    const caseBytes = batch.reduce((n, t) => n + t.length, 0);
    opts.progress(`scrub: ${name}`);
    const passes: { row: BenchResult; cpuSeconds: number; redactions: number }[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      let redactions = 0;
      const cpu = process.cpuUsage();
      const row = await measure(`scrubSecrets, ${name}`, batch.length, () => {
        for (const t of batch) if (scrubSecrets(t) !== t) redactions++;
      });
      const used = process.cpuUsage(cpu);
      passes.push({ row, cpuSeconds: (used.user + used.system) / 1e6, redactions });
    }
    passes.sort((a, b) => a.row.seconds - b.row.seconds);
    const { row, cpuSeconds, redactions } = passes[Math.floor(PASSES / 2)] as (typeof passes)[number];
    const mbPerSecond = round(caseBytes / 1e6 / row.seconds, 1);
    // CPU time too: on a shared machine wall time also counts the time other processes held the CPU.
    if (source === chunks) speeds.push(mbPerSecond);
    results.push({ ...row, megabytes: round(caseBytes / 1e6, 1), mbPerSecond, cpuSeconds: round(cpuSeconds, 4), cpuMbPerSecond: round(caseBytes / 1e6 / cpuSeconds, 1), changedTexts: redactions });
  }
  // Calibration: one pass of a plain character loop over the same text. Scrubbing needs a few such
  // passes (keyword automaton, key-shaped runs), so this ceiling shows how loaded the machine was.
  const joined = chunks.join('');
  const loop = await measure('calibration: one charCodeAt pass', 1, () => {
    let sum = 0;
    for (let i = 0; i < joined.length; i++) sum += joined.charCodeAt(i) & 1;
    return sum;
  });
  results.push({ ...loop, mbPerSecond: round(bytes / 1e6 / loop.seconds, 1) });
  opts.progress('scrub: a 5,000-deep payload');
  let deep: unknown = 'leaf with password=hunter2-x9';
  for (let i = 0; i < 5000; i++) deep = { next: deep, i };
  results.push(await measure('scrubValue, 5,000-deep object', 1, () => scrubValue(deep)));
  const slowest = Math.min(...speeds);
  return {
    suite: 'scrub',
    machine: machineInfo(),
    results,
    targets: { mbPerSecondTarget: TARGET_MB_PER_SECOND, slowestMbPerSecond: slowest, meetsTarget: slowest >= TARGET_MB_PER_SECOND, loadAverage1m: round(os.loadavg()[0] ?? 0, 2) },
  };
};
