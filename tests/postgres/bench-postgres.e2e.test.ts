import { startTestPostgres } from '@engram/store-postgres/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// The bench starts its own throwaway server; this only checks one can start here, to skip with the reason otherwise.
const probe = await startTestPostgres();
if (probe.ok) probe.pg.stop();

describe.skipIf(!probe.ok)(`engram bench postgres${probe.ok ? '' : ` (skipped: ${probe.reason})`}`, () => {
  it('prints one JSON object with every figure, and the concurrent encoders lost and duplicated nothing', { timeout: 180_000 }, () => {
    const r = runCli(['bench', 'postgres', '--json', '--scale', '0.02']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { suite: string; results: { name: string; n: number; seconds: number; perSecond: number; [k: string]: unknown }[]; targets: Record<string, number | boolean> };
    expect(report.suite).toBe('postgres');
    expect(report.results.map((x) => x.name)).toEqual([
      expect.stringMatching(/^append events in batches of 1000/),
      expect.stringMatching(/^16 processes x 10 lesson encodes/),
      expect.stringMatching(/^seed 200 entries per scope/),
      expect.stringMatching(/^memory block after a change notification/),
      expect.stringMatching(/^memory block with nothing changed/),
      expect.stringMatching(/^host A's lesson in host B's next read/),
      expect.stringMatching(/^episodes bulk load/),
      expect.stringMatching(/^episodic recall, rare term/),
      expect.stringMatching(/^episodic recall, common term \(/),
      expect.stringMatching(/^episodic recall, common term, days_back 1/),
      expect.stringMatching(/^episodic recall, absent term/),
      expect.stringMatching(/^episodic recall, 2-char term/),
      expect.stringMatching(/^ranked search, three words of a stored turn/),
      expect.stringMatching(/^ranked search, only the commonest words/),
      expect.stringMatching(/^ranked search, no word in any episode/),
      expect.stringMatching(/^episodes through the batch API/),
    ]);
    for (const row of report.results) {
      expect(row.n).toBeGreaterThan(0);
      expect(row.seconds).toBeGreaterThan(0);
    }
    // 5 texts shared by all 16 processes + 5 of each process's own.
    expect(report.results[1]).toMatchObject({ lost: 0, duplicated: 0, found: 85, distinct: 85, expected: 85 });
    expect(report.targets).toMatchObject({ encodesLost: 0, encodesDuplicated: 0 });
    expect(report.results[6]).toMatchObject({ n: 20_000 });
    expect(report.results[7]).toMatchObject({ episodes: 20_000, matchesInCorpus: 10 });
    expect(typeof report.targets['episodicRecallP50AtMost10Ms']).toBe('boolean');
    // Issue 25's rows: each ranked row against its p95 target, ingest through append against 2,000/s.
    for (const row of report.results.slice(12, 15)) {
      expect(row).toMatchObject({ episodes: 20_000, targetP95Ms: 50, failed: 0 });
      expect(typeof row['p95Met']).toBe('boolean');
    }
    expect(Number(report.results[12]?.['foundInAnswer'])).toBeGreaterThan(0.3);
    expect(report.results[15]).toMatchObject({ n: 5000, targetIngestPerSecond: 2000 });
    expect(typeof report.results[15]?.['ingestMet']).toBe('boolean');
    expect(typeof report.targets['rankedRecallP95AtMost50Ms']).toBe('boolean');
    expect(typeof report.targets['episodeIngestAtLeast2000PerSecond']).toBe('boolean');
  });
});
