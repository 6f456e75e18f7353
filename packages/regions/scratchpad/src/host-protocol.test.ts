import { describe, expect, it } from 'vitest';
import { encodeCellRequest, LineSplitter, parseHostMessage } from './host-protocol.js';

describe('the host protocol', () => {
  it('encodes a request as one line whatever the code holds', () => {
    const code = 'print("a\\nb")\nx = "\u2028"\n{"t":"done"}\n';
    const line = encodeCellRequest({ id: 'c1', name: 'cell-1', code, marker: '\u0001m\u0001' });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ t: 'cell', id: 'c1', name: 'cell-1', code, marker: '\u0001m\u0001' });
  });

  it('parses ready and done', () => {
    expect(parseHostMessage('{"t":"ready","runtime":"python","version":"3.11.7","pid":42}')).toEqual({ t: 'ready', runtime: 'python', version: '3.11.7', pid: 42 });
    expect(parseHostMessage('{"t":"done","id":"c1","error":"","durationMs":1.5}')).toEqual({ t: 'done', id: 'c1', error: '', durationMs: 1.5 });
  });

  it.each([
    ['not json', /not JSON/],
    ['[1]', /not a JSON object/],
    ['{"t":"done","id":"c1"}', /done needs/],
    ['{"t":"done","id":"c1","error":"","durationMs":-1}', /done needs/],
    ['{"t":"ready","runtime":"x"}', /ready needs/],
    ['{"t":"other"}', /unknown message type "other"/],
  ])('reports %j as invalid', (line, problem) => {
    const parsed = parseHostMessage(line);
    expect(parsed.t).toBe('invalid');
    if (parsed.t === 'invalid') expect(parsed.problem).toMatch(problem);
  });

  it('splits lines across chunks and skips blank ones', () => {
    const s = new LineSplitter(100);
    expect(s.push('{"a":')).toEqual([]);
    expect(s.push('1}\n\n{"b"')).toEqual(['{"a":1}']);
    expect(s.push(':2}\n')).toEqual(['{"b":2}']);
  });

  it('refuses a line that grows past the limit, then recovers', () => {
    const s = new LineSplitter(10);
    expect(() => s.push('x'.repeat(20))).toThrow(/over 10 characters/);
    expect(s.push('ok\n')).toEqual(['ok']);
  });
});
