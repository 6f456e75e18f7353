import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingName } from './missing-name.js';

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{1,20}$/);
const templates: readonly ((n: string) => string)[] = [
  (n) => `ModuleNotFoundError: No module named '${n}'`,
  (n) => `ImportError: cannot import name '${n}' from 'pkg'`,
  (n) => `bash: ${n}: command not found`,
  (n) => `zsh: command not found: ${n}`,
];

describe('missingName (properties)', () => {
  it('reads back the name any of the messages says is missing', () => {
    fc.assert(
      fc.property(name, fc.constantFrom(...templates), (n, template) => {
        expect(missingName(template(n))).toBe(n);
      }),
      { numRuns: 300 },
    );
  });

  it('never gives a name the line does not hold', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (line) => {
        const n = missingName(line);
        if (n !== null) expect(line).toContain(n);
      }),
      { numRuns: 500 },
    );
  });
});
