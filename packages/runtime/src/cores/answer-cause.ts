/**
 * The cause a checked answer or report is compared under: the recorded event itself. Nothing on
 * the bus caused a store's answer or a host's report, so replay files what it derives for one
 * under that event's own id.
 */
export const answerCause = (eventId: string): string => `answer:${eventId}`;
