import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputCapture } from './output-capture.js';

const encoder = new TextEncoder();

describe('OutputCapture properties', () => {
  it('counts every byte, keeps short output intact and bounds what it keeps', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 30 }), fc.integer({ min: 0, max: 200 }), (chunks, limit) => {
        const capture = new OutputCapture(limit);
        for (const chunk of chunks) capture.write(encoder.encode(chunk));
        const whole = chunks.join('');
        const total = encoder.encode(whole).length;
        const r = capture.result();
        expect(r.totalBytes).toBe(total);
        expect(r.truncated).toBe(total > limit);
        if (!r.truncated) expect(r.text).toBe(whole);
        else {
          const [head = '', rest = ''] = r.text.split('\n[... ');
          const tail = rest.slice(rest.indexOf('...]\n') + 5);
          expect(encoder.encode(head).length + encoder.encode(tail).length).toBeLessThanOrEqual(limit);
          expect(whole.startsWith(head)).toBe(true);
          expect(whole.endsWith(tail)).toBe(true);
        }
      }),
    );
  });
});
