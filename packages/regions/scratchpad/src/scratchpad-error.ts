/** Why a scratchpad request was refused before any code ran (a bad pad name is a `PadNameError`). */
export type ScratchpadErrorCode = 'empty-code' | 'runtime-mismatch' | 'runtime-disabled' | 'host-closed' | 'invalid-limit';

/** A request the host refuses outright; cells that run and fail are results, never errors. */
export class ScratchpadError extends Error {
  override readonly name = 'ScratchpadError';

  constructor(
    readonly code: ScratchpadErrorCode,
    message: string,
  ) {
    super(message);
  }
}
