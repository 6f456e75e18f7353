import type { ErrorClassSchema } from '@engram/events';
import type { z } from 'zod';

/** The closed set of error classes (`ErrorClassSchema` of the event catalog). */
export type ErrorClass = z.infer<typeof ErrorClassSchema>;
