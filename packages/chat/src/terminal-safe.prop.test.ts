import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.js';

/* eslint-disable no-control-regex */
describe('terminalSafe (property)', () => {
  it('never lets an escape code out with colours off, nor anything but colour with them on', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('\x1b', '[', ']', '2', 'J', 'm', ';', '\x07', '\r', '\n', 'a', '\x9b'), maxLength: 40 }), (s) => {
        expect(terminalSafe(s, false)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
        // With colours on, each ESC left starts a complete colour sequence.
        const on = terminalSafe(s, true);
        expect(on.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      }),
    );
  });
});
