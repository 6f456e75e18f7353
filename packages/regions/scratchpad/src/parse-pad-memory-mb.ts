import { parseNumber } from '@engram/kernel';
import { ScratchpadError } from './scratchpad-error.js';

/** The variable that caps each pad's memory. */
export const PAD_MEMORY_ENV = 'ENGRAM_PAD_MEMORY_MB';

/** 2 GiB per pad: room for a real pandas/numpy step, small enough that a runaway cell cannot take the machine. */
export const DEFAULT_PAD_MEMORY_MB = 2048;

/** 1 TiB: above any real machine's memory, and far below where megabytes stop being exact integers in bytes. */
export const MAX_PAD_MEMORY_MB = 1024 * 1024;

/**
 * Reads `ENGRAM_PAD_MEMORY_MB` strictly: unset means the default; anything else must be digits
 * only, a whole number of megabytes from 1 to `MAX_PAD_MEMORY_MB`. `""`, `" 3"`, `0x10`, `1e3`,
 * `1.5`, `2048MB` are refused rather than read as something the user did not mean.
 */
export const parsePadMemoryMb = (raw: string | undefined, source = PAD_MEMORY_ENV): number => {
  if (raw === undefined) return DEFAULT_PAD_MEMORY_MB;
  const r = parseNumber(raw, { kind: 'integer', min: 1, max: MAX_PAD_MEMORY_MB });
  if (!r.ok) throw new ScratchpadError('invalid-limit', `${source} must be a whole number of megabytes from 1 to ${MAX_PAD_MEMORY_MB} (digits only, e.g. ${DEFAULT_PAD_MEMORY_MB}), got ${JSON.stringify(raw)}`);
  return r.value;
};
