import { TaggedError } from '@engram/kernel';

/** Why a scratchpad request was refused before any code ran (a bad pad name is a `PadNameError`). */
export type ScratchpadErrorCode = 'empty-code' | 'runtime-mismatch' | 'runtime-disabled' | 'host-closed' | 'invalid-limit';

/** A request the host refuses outright; cells that run and fail are results, never errors. */
export class ScratchpadError extends TaggedError('ScratchpadError')<{ readonly reason: ScratchpadErrorCode; readonly message: string }> {
  constructor(reason: ScratchpadErrorCode, message: string) {
    super({ reason, message });
  }
}
