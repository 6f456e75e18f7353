import type { EventIssue } from '@engram/events';

/** Publishing a type outside the closed catalog is a programming error, refused whatever the validation setting. */
export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly type: string) {
    super(`unknown event type "${type}": add it to the catalog in @engram/events (with its emitter and consumers) before publishing it`);
  }
}

/** A payload that does not match its type's schema (only checked when validation is on). */
export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';
  constructor(
    readonly type: string,
    readonly issues: readonly EventIssue[],
  ) {
    super(`invalid ${type} payload: ${issues.map((i) => `${i.field}: ${i.problem}`).join('; ')}`);
  }
}
