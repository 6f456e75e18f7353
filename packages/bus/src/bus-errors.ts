import type { EventIssue } from '@engram/events';
import { TaggedError } from '@engram/kernel';

/** Publishing a type outside the closed catalog is a programming error, refused whatever the validation setting. */
export class UnknownEventTypeError extends TaggedError('UnknownEventTypeError')<{ readonly reason: 'not-in-catalog'; readonly type: string; readonly message: string }> {
  constructor(type: string) {
    super({ reason: 'not-in-catalog', type, message: `unknown event type "${type}": add it to the catalog in @engram/events (with its emitter and consumers) before publishing it` });
  }
}

/** A payload that does not match its type's schema (only checked when validation is on). */
export class EventValidationError extends TaggedError('EventValidationError')<{ readonly reason: 'invalid-payload'; readonly type: string; readonly issues: readonly EventIssue[]; readonly message: string }> {
  constructor(type: string, issues: readonly EventIssue[]) {
    super({ reason: 'invalid-payload', type, issues, message: `invalid ${type} payload: ${issues.map((i) => `${i.field}: ${i.problem}`).join('; ')}` });
  }
}
