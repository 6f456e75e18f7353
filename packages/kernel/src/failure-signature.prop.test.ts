import fc from 'fast-check';
import { describe, it } from 'vitest';
import { failureSignature } from './failure-signature.js';

/** What a cut output looks like where the host or the agent cut it. */
const marker = fc.oneof(
  fc.nat().map((n) => `[${n} more characters]`),
  fc.nat().map((n) => `[... ${n} characters elided ...]`),
  fc.nat().map((n) => `... (${n} lines truncated)`),
  fc.constant('<output truncated>'),
);
const outputLine = fc.oneof(fc.string({ maxLength: 60 }), marker, fc.constantFrom('Traceback (most recent call last):', '  File "/a/b.py", line 3, in f', 'ValueError: bad 12', 'E   assert 1 == 2', 'sh: 1: foo: not found'));
const output = fc.tuple(fc.boolean(), fc.nat({ max: 255 }), fc.array(outputLine, { maxLength: 8 })).map(([header, rc, lines]) => [...(header ? [`Exit code ${rc}`] : []), ...lines].join('\n'));
const MARKER = /\[\d[\d,]* more characters\]|characters elided|lines truncated|<output truncated>/i;

describe('failureSignature properties', () => {
  it('is idempotent: a signature is its own signature', () => {
    fc.assert(fc.property(fc.oneof(output, fc.string()), (text) => failureSignature(failureSignature(text)) === failureSignature(text)));
  });

  it('is never empty, never a truncation marker, never the exit-code header', () => {
    fc.assert(
      fc.property(output, (text) => {
        const s = failureSignature(text);
        return s !== '' && !MARKER.test(s) && !/^exit code/.test(s);
      }),
    );
  });

  it('is lower case and does not depend on the digits of numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Error', 'at', 'line', 'failed', ':'), { minLength: 1, maxLength: 5 }), fc.nat(), fc.nat(), (words, a, b) => {
        const s = failureSignature(`${words.join(' ')} ${a}`);
        return s === s.toLowerCase() && s === failureSignature(`${words.join(' ')} ${b}`);
      }),
    );
  });
});
