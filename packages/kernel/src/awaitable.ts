/**
 * What a storage port's method gives back: a value (the file backends answer at once) or a
 * promise of one (a database answers later). Callers of a port always `await` it, so one caller
 * serves every backend and the file backends keep their synchronous signatures.
 */
export type Awaitable<T> = T | Promise<T>;
