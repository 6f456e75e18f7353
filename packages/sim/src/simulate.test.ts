import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimUsageError } from './sim-usage-error.js';
import { simulate } from './simulate.js';

describe('simulate (the sim from its textual options)', () => {
  it('gives the same report for the same options, and sweeps what it is told', () => {
    const o = { turns: 60, seed: 7, sweep: ['acc.repeated-tool-error.minRun=2..3'] };
    const a = simulate(o);
    expect(simulate(o)).toEqual(a);
    const swept = a.detectors.find((d) => d.detector === 'acc.repeated-tool-error');
    expect(swept?.sweep.map((p) => Object.values(p.params))).toEqual([[2], [3]]);
  });

  it('refuses options it cannot run, naming them', () => {
    expect(() => simulate({ turns: 10, seed: 1, sweep: ['acc.nope.x=1'] })).toThrow(SimUsageError);
    expect(() => simulate({ turns: 10, seed: 1, sweep: ['acc.nope.x=1'] })).toThrow(expect.objectContaining({ _tag: 'SimUsageError', reason: 'bad-sweep' }));
    expect(() => simulate({ turns: 10, seed: 1, mix: ['noise=lots'] })).toThrow(/noise/);
    expect(() => simulate({ turns: 10, seed: 1, mix: ['noise=lots'] })).toThrow(expect.objectContaining({ reason: 'bad-mix' }));
    expect(() => simulate({ turns: 10, seed: 1, baseRate: 0.5 })).toThrow(/--base-rate needs --base/);
    expect(() => simulate({ turns: 10, seed: 1, baseRate: 0.5 })).toThrow(expect.objectContaining({ reason: 'rate-without-base' }));
    expect(() => simulate({ turns: 10, seed: 1, base: [join(tmpdir(), 'engram-no-such-log.jsonl')] })).toThrow(SimUsageError);
    expect(() => simulate({ turns: 10, seed: 1, base: [join(tmpdir(), 'engram-no-such-log.jsonl')] })).toThrow(expect.objectContaining({ reason: 'unreadable-base' }));
  });

  it('warns about each unreadable base line and refuses a base with no usable turn', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-sim-base-')), 'bad.jsonl');
    writeFileSync(file, 'not json\n');
    const warnings: string[] = [];
    expect(() => simulate({ turns: 10, seed: 1, base: [file], warn: (m) => warnings.push(m) })).toThrow(/no usable turn/);
    expect(warnings).toEqual([expect.stringMatching(/bad\.jsonl:1/)]);
  });
});
