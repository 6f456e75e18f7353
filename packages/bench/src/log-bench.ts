import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope, EventType } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { machineInfo, measure, round, type BenchReport, type BenchOptions } from './bench-report.js';

const EVENTS = 1_000_000;
/** A turn's worth of events per append, as the runtime batches them. */
const BATCH = 1000;
const MIX: readonly EventType[] = ['executive.tool.called', 'executive.tool.resulted', 'scratchpad.cell.requested', 'scratchpad.cell.executed', 'executive.round.completed'];
const SESSION = '20261122_031500_bench';

/** `engram bench log`: 1M events appended in batches under the lock, then read back and validated. */
export const logBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const n = Math.max(BATCH, Math.round(EVENTS * opts.scale));
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-log-'));
  const file = join(dir, `${SESSION}.jsonl`);
  try {
    // One batch of distinct events, appended over and over: the store assigns seq, so the log
    // holds n distinct seqs while the timing measures the store, not the building of test data.
    const batch = Array.from({ length: BATCH }, (_, j) => ({ ...buildEvent(MIX[j % MIX.length] as EventType, {}, { sessionId: SESSION }), id: `e${j}` }) as AnyEnvelope);
    const writer = new JsonlLogWriter(file, SESSION);
    const append = await measure('append in batches of 1000 (locked)', n, async () => {
      for (let i = 0; i < n; i += BATCH) {
        await writer.append(i + BATCH <= n ? batch : batch.slice(0, n - i));
        if ((i / BATCH) % 50 === 0) opts.progress(`log: appended ${i} of ${n}`);
      }
      writer.sync();
    });
    writer.close();
    const bytes = statSync(file).size;
    let count = 0;
    const read = await measure('read + validate', n, () => {
      const r = readLogFile(file, { onEvent: () => count++, onProgress: (done, total) => opts.progress(`log: read ${Math.round((100 * done) / total)}%`) });
      if (r.problems.length || count !== n) throw new Error(`log bench: read ${count} events with ${r.problems.length} problems, expected ${n}`);
    });
    return {
      suite: 'log',
      machine: machineInfo(),
      results: [
        { ...append, batch: BATCH, megabytes: round(bytes / 2 ** 20, 1) },
        { ...read, megabytesPerSecond: round(bytes / 2 ** 20 / read.seconds, 1) },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
