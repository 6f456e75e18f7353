import { describe, expect, it } from 'vitest';
import { parseAntonTrace, TraceError } from './parse-anton-trace.js';

describe('parseAntonTrace: a trace it cannot read', () => {
  it('text that is not JSON is a TraceError (not-json) naming the file and the place', () => {
    const bad = () => parseAntonTrace('[{"kind": ', 't.json');
    expect(bad).toThrow(TraceError);
    expect(bad).toThrow(expect.objectContaining({ _tag: 'TraceError', reason: 'not-json', file: 't.json' }));
    expect(bad).toThrow(/^t\.json: not valid JSON/);
  });

  it('JSON that is not an array is a TraceError (not-an-array)', () => {
    expect(() => parseAntonTrace('{"a": 1}', 't.json')).toThrow(expect.objectContaining({ _tag: 'TraceError', reason: 'not-an-array', message: 't.json: expected a JSON array of ACC events, found object' }));
  });

  it('an empty array is a trace with no events', () => {
    expect(parseAntonTrace('[]', 't.json').skipped).toEqual([]);
  });
});
