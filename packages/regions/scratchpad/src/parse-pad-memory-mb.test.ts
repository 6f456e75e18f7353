import { describe, expect, it } from 'vitest';
import { DEFAULT_PAD_MEMORY_MB, MAX_PAD_MEMORY_MB, parsePadMemoryMb } from './parse-pad-memory-mb.js';

describe('parsePadMemoryMb', () => {
  it('defaults when unset and reads plain digits', () => {
    expect(parsePadMemoryMb(undefined)).toBe(DEFAULT_PAD_MEMORY_MB);
    expect(parsePadMemoryMb('1')).toBe(1);
    expect(parsePadMemoryMb('512')).toBe(512);
    expect(parsePadMemoryMb(String(MAX_PAD_MEMORY_MB))).toBe(MAX_PAD_MEMORY_MB);
  });

  it.each(['', ' ', '0', '00', '-1', '+5', '1.5', ' 3', '3 ', '0x10', '1e3', '2048MB', 'abc', '007', String(MAX_PAD_MEMORY_MB + 1), '9'.repeat(30)])(
    'refuses %j with the variable, the allowed form and the value',
    (bad) => {
      expect(() => parsePadMemoryMb(bad)).toThrow(`ENGRAM_PAD_MEMORY_MB must be a whole number of megabytes from 1 to ${MAX_PAD_MEMORY_MB} (digits only, e.g. 2048), got ${JSON.stringify(bad)}`);
      expect(() => parsePadMemoryMb(bad)).toThrow(expect.objectContaining({ _tag: 'ScratchpadError', reason: 'invalid-limit' }) as Error);
    },
  );

  it('names another source when told', () => {
    expect(() => parsePadMemoryMb('x', 'memoryMb')).toThrow(/^memoryMb must be/);
  });
});
