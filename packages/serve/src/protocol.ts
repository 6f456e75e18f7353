import { HOOK_NAMES } from '@engram/claude-code';
import { parseInput, parseJsonInput } from '@engram/kernel';
import { z } from 'zod';
import { PROTOCOL_VERSION } from './client/protocol-version.js';

/** Largest request line: a hook payload (at most 32 MB, as `engram hook` reads) and its envelope. */
export const MAX_REQUEST_BYTES = 33 * 1024 * 1024;

const version = z.literal(PROTOCOL_VERSION);

/** One hook to run: the event, the payload text as Claude Code wrote it, the flags and the hook's ENGRAM_* settings. */
export const HookRequestSchema = z.strictObject({
  v: version,
  kind: z.literal('hook'),
  event: z.enum(HOOK_NAMES),
  payload: z.string(),
  flags: z.strictObject({ project: z.string().optional(), home: z.string().optional() }),
  env: z.record(z.string(), z.string()),
});
export type HookRequest = z.output<typeof HookRequestSchema>;

/** Is a service running for this home, and how is it doing (the bench reads its memory). */
const PingRequestSchema = z.strictObject({ v: version, kind: z.literal('ping') });

export const ServeRequestSchema = z.discriminatedUnion('kind', [HookRequestSchema, PingRequestSchema]);
export type ServeRequest = z.output<typeof ServeRequestSchema>;

const HookOutputSchema = z.object({ hookSpecificOutput: z.looseObject({ hookEventName: z.string() }) });
const count = z.number().int().nonnegative();

/** Every answer a service sends; the hook client checks the same shapes by hand (`checkAnswer`). */
export const ServeAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ v: version, kind: z.literal('hook'), output: HookOutputSchema.nullable(), warnings: z.array(z.string()) }),
  // `web` (the app this service serves, and for which project) is absent from services before it.
  z.object({ v: version, kind: z.literal('pong'), pid: count, home: z.string(), sessions: count, served: count, rssBytes: count, web: z.object({ url: z.string(), project: z.string() }).nullable().optional() }),
  z.object({ v: version, kind: z.literal('error'), error: z.string() }),
]);
export type ServeAnswerShape = z.output<typeof ServeAnswerSchema>;

/**
 * A request line, parsed; throws an InputError naming the field. A request of another protocol
 * version is refused before its shape is checked, so the message says what is wrong.
 */
export const parseRequest = (line: string): ServeRequest => {
  const value = parseJsonInput(line, 'request');
  const v = typeof value === 'object' && value !== null ? (value as { v?: unknown }).v : undefined;
  if (v !== PROTOCOL_VERSION) throw new Error(`request: protocol version ${JSON.stringify(v)} is not spoken here (this service speaks ${PROTOCOL_VERSION})`);
  return parseInput(ServeRequestSchema, value, 'request');
};
