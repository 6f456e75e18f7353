import { describe, expect, it } from 'vitest';
import type { SimReport } from '@engram/sim';
import { runCli } from '../cli/run-cli.js';


describe('engram sim (built CLI)', () => {
  it('sim --turns 500 --json prints the report, and the same seed gives the same report', () => {
    const a = runCli(['sim', '--turns', '500', '--json']);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    const report = JSON.parse(a.stdout) as SimReport;
    expect(report.detectors).toHaveLength(9);
    expect(report.efficacy.runs).toHaveLength(2);
    expect(runCli(['sim', '--turns', '500', '--json']).stdout).toBe(a.stdout);
  });

  it('exits 2 on a bad --sweep, naming it', () => {
    const r = runCli(['sim', '--turns', '10', '--sweep', 'acc.nope.minRun=2']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('"acc.nope.minRun" does not start with a detector id');
  });
});

