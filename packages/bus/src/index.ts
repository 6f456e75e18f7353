export { createBus, validationDefault, type BusOptions } from './create-bus.js';
export { type Bus, type PublishMeta } from './bus.js';
export { UnknownEventTypeError, EventValidationError } from './bus-errors.js';
export { ofType } from './of-type.js';
export { inTurn } from './in-turn.js';
