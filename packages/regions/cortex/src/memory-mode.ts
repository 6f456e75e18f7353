import { MemoryModeSchema } from '@engram/events';
import { EnvChoiceError } from '@engram/kernel/env';

/** autopilot: store what is proposed; copilot: ask the user about anything not certain; off: store nothing. */
export type MemoryMode = 'autopilot' | 'copilot' | 'off';

/** Anton's default (anton.md §7): memory works without anyone having to confirm. */
export const DEFAULT_MEMORY_MODE: MemoryMode = 'autopilot';

/** A mode setting that is not one of the three modes: an `EnvChoiceError` (its tag, so the CLI's exit 2) naming the origin. */
export class MemoryModeError extends EnvChoiceError {
  constructor(
    value: string,
    readonly origin: string,
  ) {
    super(origin, value, MemoryModeSchema.options);
  }
}

/**
 * Reads a mode setting (trimmed, any case); empty or missing gives the default. An unknown
 * value is rejected: Anton treated any unknown string as copilot (§15.30), so a typo such as
 * `of` silently kept encoding; refusing it is the only safe reading of "turn memory off".
 */
export const parseMemoryMode = (raw: string | undefined, origin = 'ENGRAM_MEMORY_MODE'): MemoryMode => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return DEFAULT_MEMORY_MODE;
  const parsed = MemoryModeSchema.safeParse(value);
  if (!parsed.success) throw new MemoryModeError(raw ?? '', origin);
  return parsed.data;
};
