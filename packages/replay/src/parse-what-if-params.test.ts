import { accProfiles } from '@engram/acc';
import { describe, expect, it } from 'vitest';
import { parseWhatIfParams, WhatIfParamsError } from './parse-what-if-params.js';

describe('parseWhatIfParams', () => {
  it('reads a profile name, a {profile} object, and thresholds keyed by detector id (names and aliases)', () => {
    expect(parseWhatIfParams('"engram"', 'p.json').detectors).toEqual(accProfiles.engram);
    expect(parseWhatIfParams('{"profile": "anton"}', 'p.json').detectors).toEqual(accProfiles.anton);
    const p = parseWhatIfParams('{"profile": "engram", "acc.repeated-tool-error": {"minRun": 3}, "acc.kill-loop": {"minKills": 4}}', 'p.json');
    expect(p.detectors).toEqual({ ...accProfiles.engram, minToolErrorRun: 3, minKills: 4 });
    expect(p.overrides).toEqual({ 'acc.repeated-tool-error': { minToolErrorRun: 3 }, 'acc.kill-loop': { minKills: 4 } });
  });

  it('names the file and every bad field', () => {
    const bad = () => parseWhatIfParams('{"acc.repeated-tool-error": {"minRun": "3", "bogus": 1}, "acc.nope": {}, "profile": "x"}', 'p.json');
    expect(bad).toThrow(WhatIfParamsError);
    expect(bad).toThrow(expect.objectContaining({ _tag: 'WhatIfParamsError', reason: 'invalid', file: 'p.json' }));
    expect(bad).toThrow(/^p\.json: field "profile": .*; field "acc\.repeated-tool-error\.minRun": expected a whole number of at least 1, got "3"/);
    expect(bad).toThrow(/field "acc\.repeated-tool-error\.bogus": acc\.repeated-tool-error has no such threshold/);
    expect(bad).toThrow(/field "acc\.nope": not a detector id/);
    expect(bad).toThrow(/field "profile": unknown profile "x"/);
    expect(() => parseWhatIfParams('{', 'p.json')).toThrow(/p\.json: not valid JSON/);
    expect(() => parseWhatIfParams('[1]', 'p.json')).toThrow(/got an array/);
    expect(() => parseWhatIfParams('{"acc.repeated-tool-error": {"ignoredTools": [1]}}', 'p.json')).toThrow(/array of tool names/);
  });

  it('names a nested field in the one input-error format, every problem on one line', () => {
    expect(() => parseWhatIfParams('{"acc.kill-loop": {"minKills": 0}, "acc.name-switch": {"honourConfirmedNewPad": "yes"}}', 'p.json')).toThrow(
      expect.objectContaining({ message: 'p.json: field "acc.name-switch.honourConfirmedNewPad": expected true or false, got "yes"; field "acc.kill-loop.minKills": expected a whole number of at least 1, got 0' }),
    );
  });

  it('lets the later of a threshold and its alias win, as the file reads', () => {
    expect(parseWhatIfParams('{"acc.repeated-tool-error": {"minRun": 3, "minToolErrorRun": 5}}', 'p.json').detectors.minToolErrorRun).toBe(5);
    expect(parseWhatIfParams('{"acc.repeated-tool-error": {"minToolErrorRun": 5, "minRun": 3}}', 'p.json').detectors.minToolErrorRun).toBe(3);
  });
});
