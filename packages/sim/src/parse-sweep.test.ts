import { describe, expect, it } from 'vitest';
import { parseSweep, parseSweeps } from './parse-sweep.js';
import { SimUsageError } from './sim-usage-error.js';

describe('parseSweep', () => {
  it('reads ranges, lists, booleans and tool lists, under AccParams names and aliases', () => {
    expect(parseSweep('acc.repeated-tool-error.minRun=2..4')).toEqual({ detector: 'acc.repeated-tool-error', field: 'minToolErrorRun', values: [2, 3, 4] });
    expect(parseSweep('acc.kill-loop.minKills=1,3')).toEqual({ detector: 'acc.kill-loop', field: 'minKills', values: [1, 3] });
    expect(parseSweep('acc.name-switch.honourConfirmedNewPad=true,false').values).toEqual([true, false]);
    expect(parseSweep('acc.repeated-tool-error.ignoredTools=none,scratchpad+fetch').values).toEqual([[], ['scratchpad', 'fetch']]);
  });

  it.each([
    ['acc.kill-loop.minKills', /expected DETECTOR.FIELD=VALUES/],
    ['acc.nope.minKills=2', /"acc.nope.minKills" does not start with a detector id; known: acc.name-switch/],
    ['acc.kill-loop=2', /name a field after the detector \(acc.kill-loop.FIELD\); known: minKills/],
    ['acc.kill-loop.minRun=2', /acc.kill-loop has no field "minRun"; known: minKills/],
    ['acc.kill-loop.minKills=4..2', /range "4..2" runs backwards/],
    ['acc.kill-loop.minKills=0..2', /"0" is not a whole number of at least 1/],
    ['acc.kill-loop.minKills=two', /"two" is not a whole number/],
    ['acc.kill-loop.minKills=02', /"02" is not a whole number/],
    ['acc.kill-loop.minKills=99999999999999999999', /"99999999999999999999" is not a whole number/],
    ['acc.kill-loop.minKills=', /no values after "="/],
    ['acc.kill-loop.minKills=1..5000', /more than 1000 values/],
    ['acc.name-switch.honourConfirmedNewPad=yes', /"yes" is not true or false/],
    ['acc.repeated-tool-error.ignoredTools=a b', /is not a tool list/],
  ])('rejects %s, naming the bad part', (arg, message) => {
    expect(() => parseSweep(arg)).toThrow(SimUsageError);
    expect(() => parseSweep(arg)).toThrow(expect.objectContaining({ reason: 'bad-sweep' }));
    expect(() => parseSweep(arg)).toThrow(message);
  });
});

describe('parseSweeps', () => {
  it('groups sweeps by detector and refuses one field twice', () => {
    const plan = parseSweeps(['acc.severity-climb.minRun=2..3', 'acc.severity-climb.minSeverity=5,6', 'acc.kill-loop.minKills=2']);
    expect([...(plan.get('acc.severity-climb')?.keys() ?? [])]).toEqual(['minClimbRun', 'minClimbSeverity']);
    expect(() => parseSweeps(['acc.kill-loop.minKills=2', 'acc.kill-loop.minKills=3'])).toThrow(/swept twice/);
  });
});
