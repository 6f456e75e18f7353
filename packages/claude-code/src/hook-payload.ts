import { isAbsolute } from 'node:path';
import { InputError, inputIssues } from '@engram/kernel';
import { z } from 'zod';
import { isObject, PayloadError, type JsonObject } from './payload-fields.js';

/** The `engram hook` subcommands, one per Claude Code hook event engram listens to. */
export const HOOK_NAMES = ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use', 'stop'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** The Claude Code events each subcommand accepts (`hook_event_name`); post-tool-use takes failures too. */
export const HOOK_EVENTS: Readonly<Record<HookName, readonly string[]>> = {
  'session-start': ['SessionStart'],
  'user-prompt-submit': ['UserPromptSubmit'],
  'pre-tool-use': ['PreToolUse'],
  'post-tool-use': ['PostToolUse', 'PostToolUseFailure'],
  stop: ['Stop'],
};

/** Fields every Claude Code hook payload carries. */
interface CommonPayload {
  readonly sessionId: string;
  readonly cwd: string;
  readonly event: string;
}

export interface SessionStartPayload extends CommonPayload {
  readonly hook: 'session-start';
  /** startup, resume, clear or compact. */
  readonly source: string;
}

export interface UserPromptPayload extends CommonPayload {
  readonly hook: 'user-prompt-submit';
  readonly prompt: string;
}

interface ToolPayload extends CommonPayload {
  readonly toolName: string;
  readonly toolInput: JsonObject;
  /** Claude's tool_use id; older versions do not send it. */
  readonly toolUseId: string | undefined;
}

export interface PreToolPayload extends ToolPayload {
  readonly hook: 'pre-tool-use';
}

export interface PostToolPayload extends ToolPayload {
  readonly hook: 'post-tool-use';
  /** What the tool returned (PostToolUse); its shape depends on the tool. */
  readonly toolResponse: unknown;
  /** The failure's message (PostToolUseFailure). */
  readonly error: string | undefined;
  readonly interrupted: boolean;
}

export interface StopPayload extends CommonPayload {
  readonly hook: 'stop';
  readonly stopHookActive: boolean;
  readonly lastAssistantMessage: string;
}

export type HookPayload = SessionStartPayload | UserPromptPayload | PreToolPayload | PostToolPayload | StopPayload;

/** Claude Code's session ids are UUIDs; anything this long is not one, and would bloat the session map. */
const MAX_SESSION_ID_CHARS = 256;

const kindOf = (x: unknown): string => (x === undefined ? 'nothing' : x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x === 'string' && x.trim() === '' ? 'an empty string' : typeof x);
/** zod's message for a field of the wrong type, in the words of the old hand-written checks. */
const expected = (what: string) => ({ error: (issue: { input?: unknown }) => `expected ${what}, got ${kindOf(issue.input)}` });

const text = z.string(expected('a non-empty string')).refine((v) => v.trim() !== '', expected('a non-empty string'));
const optionalText = z
  .string(expected('a string'))
  .nullish()
  .transform((v) => v ?? undefined);
const optionalFlag = z
  .boolean(expected('true or false'))
  .nullish()
  .transform((v) => v ?? undefined);
const object = z.record(z.string(), z.unknown(), expected('an object'));

const CommonSchema = z.object({
  hook_event_name: text,
  session_id: text.refine((v) => v.length <= MAX_SESSION_ID_CHARS, { error: (i) => `expected at most ${MAX_SESSION_ID_CHARS} characters (Claude Code's ids are UUIDs), got ${String(i.input).length}` }),
  // The project is found from cwd: a relative one would put .engram wherever the hook happens to run.
  cwd: text.refine((v) => isAbsolute(v), { error: (i) => `expected an absolute path, got ${JSON.stringify(i.input)}` }),
});
/** Built once: zod compiles an object schema on its first parse, so a schema made per call costs that every time. */
const EventSchema = z.object({ hook_event_name: text });
const ToolSchema = z.object({ tool_name: text, tool_input: object, tool_use_id: optionalText });
const SCHEMAS = {
  'session-start': z.object({ source: optionalText }),
  'user-prompt-submit': z.object({ prompt: optionalText }),
  'pre-tool-use': ToolSchema,
  'post-tool-use': ToolSchema.extend({ tool_response: z.unknown().optional(), error: optionalText, is_interrupt: optionalFlag }),
  stop: z.object({ stop_hook_active: optionalFlag, last_assistant_message: optionalText }),
} as const;

const parsed = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> => {
  const r = schema.safeParse(raw);
  if (!r.success) throw new PayloadError({ reason: 'invalid-field', message: new InputError('', inputIssues(r.error)).message });
  return r.data;
};

/**
 * Parses the JSON Claude Code writes on a hook's stdin (zod at the boundary). Tolerant of fields
 * it does not know (new Claude Code versions add some), strict about the ones engram uses: a
 * missing or mistyped one is a `PayloadError` naming it, and the hook then records nothing.
 */
export const parseHookPayload = (hook: HookName, input: string): HookPayload => {
  let raw: unknown;
  try {
    raw = JSON.parse(input);
  } catch (err) {
    throw new PayloadError({ reason: 'not-json', message: `stdin is not JSON (${err instanceof Error ? err.message : String(err)}); Claude Code writes the hook's JSON there` });
  }
  if (!isObject(raw)) throw new PayloadError({ reason: 'not-an-object', message: 'expected a JSON object on stdin' });
  const event = parsed(EventSchema, raw).hook_event_name;
  const accepted = HOOK_EVENTS[hook];
  if (!accepted.includes(event)) throw new PayloadError({ reason: 'wrong-event', message: `field "hook_event_name": engram hook ${hook} handles ${accepted.join(' or ')}, got ${JSON.stringify(event)} (check the event this command is wired to in settings.json)` });
  const c = parsed(CommonSchema, raw);
  const common = { sessionId: c.session_id, cwd: c.cwd, event };
  switch (hook) {
    case 'session-start':
      return { ...common, hook, source: parsed(SCHEMAS[hook], raw).source ?? 'startup' };
    case 'user-prompt-submit':
      return { ...common, hook, prompt: parsed(SCHEMAS[hook], raw).prompt ?? '' };
    case 'pre-tool-use': {
      const t = parsed(SCHEMAS[hook], raw);
      return { ...common, hook, toolName: t.tool_name, toolInput: t.tool_input, toolUseId: t.tool_use_id };
    }
    case 'post-tool-use': {
      const t = parsed(SCHEMAS[hook], raw);
      return { ...common, hook, toolName: t.tool_name, toolInput: t.tool_input, toolUseId: t.tool_use_id, toolResponse: t.tool_response, error: t.error, interrupted: t.is_interrupt ?? false };
    }
    case 'stop': {
      const t = parsed(SCHEMAS[hook], raw);
      return { ...common, hook, stopHookActive: t.stop_hook_active ?? false, lastAssistantMessage: t.last_assistant_message ?? '' };
    }
  }
};
