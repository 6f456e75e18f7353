/** Thrown when the active store cannot be opened; the command exits with `exit` (3: unreachable, 2: the role refused, as `engram store`). */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
  constructor(
    message: string,
    readonly exit: 1 | 2 | 3,
  ) {
    super(message);
  }
}
