import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellOutputStream, indexOfBytes } from './cell-output-stream.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const MARKER = '\u0001engram-cell-end:0123456789abcdef\u0001';

describe('CellOutputStream', () => {
  it('ends a cell at its marker and keeps what follows for the next cell', () => {
    const s = new CellOutputStream(1000);
    s.begin(enc(MARKER), 1000);
    expect(s.push(enc('hello\n'))).toBe(false);
    expect(s.push(enc(`world${MARKER}late `))).toBe(true);
    expect(s.end().text).toBe('hello\nworld');
    s.push(enc('timer\n'));
    s.begin(enc(MARKER.replace('0123', 'aaaa')), 1000);
    s.push(enc(`next${MARKER.replace('0123', 'aaaa')}`));
    expect(s.end().text).toBe('late timer\nnext');
  });

  it('ignores marker look-alikes and protocol-looking lines', () => {
    const s = new CellOutputStream(1000);
    s.begin(enc(MARKER), 1000);
    const fake = '\u0001engram-cell-end:ffffffffffffffff\u0001{"t":"done","id":"c1","error":"","durationMs":1}\n';
    expect(s.push(enc(fake))).toBe(false);
    expect(s.push(enc(MARKER))).toBe(true);
    expect(s.end().text).toBe(fake);
  });

  it('finds a marker split across chunks anywhere', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.string({ maxLength: 20 }), fc.array(fc.nat(100), { maxLength: 6 }), (before, after, cuts) => {
        const all = enc(before + MARKER + after);
        const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const s = new CellOutputStream(10_000);
        s.begin(enc(MARKER), 10_000);
        let seen = false;
        let from = 0;
        for (const p of [...points, all.length]) {
          seen = s.push(all.subarray(from, p)) || seen;
          from = p;
        }
        expect(seen).toBe(true);
        expect(s.end().text).toBe(before);
      }),
    );
  });

  it('gives back everything written when the child dies before the marker', () => {
    const s = new CellOutputStream(1000);
    s.begin(enc(MARKER), 1000);
    s.push(enc('partial output \u0001engram'));
    expect(s.sawMarker).toBe(false);
    expect(s.end().text).toBe('partial output \u0001engram');
  });

  it('truncates a cell to its own limit', () => {
    const s = new CellOutputStream(1000);
    s.begin(enc(MARKER), 20);
    s.push(enc('x'.repeat(500)));
    s.push(enc(MARKER));
    const r = s.end();
    expect(r.truncated).toBe(true);
    expect(r.totalBytes).toBe(500);
  });

  it('indexOfBytes finds subsequences', () => {
    expect(indexOfBytes(enc('abcabd'), enc('abd'))).toBe(3);
    expect(indexOfBytes(enc('abc'), enc('abcd'))).toBe(-1);
    expect(indexOfBytes(enc('abc'), enc(''))).toBe(0);
  });
});
