import { Fields, isObject, PayloadError, type JsonObject } from './payload-fields.js';

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

export interface ToolPayload extends CommonPayload {
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

/**
 * Parses the JSON Claude Code writes on a hook's stdin. Tolerant of fields it does not know (new
 * Claude Code versions add some), strict about the ones engram uses: a missing or mistyped one is
 * a `PayloadError` naming it, and the hook then records nothing.
 */
export const parseHookPayload = (hook: HookName, text: string): HookPayload => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`stdin is not JSON (${err instanceof Error ? err.message : String(err)}); Claude Code writes the hook's JSON there`);
  }
  if (!isObject(raw)) throw new PayloadError('expected a JSON object on stdin');
  const f = new Fields(raw);
  const event = f.string('hook_event_name');
  const accepted = HOOK_EVENTS[hook];
  if (!accepted.includes(event)) throw new PayloadError(`field "hook_event_name": engram hook ${hook} handles ${accepted.join(' or ')}, got ${JSON.stringify(event)} (check the event this command is wired to in settings.json)`);
  const common = { sessionId: f.string('session_id'), cwd: f.string('cwd'), event };
  switch (hook) {
    case 'session-start':
      return { ...common, hook, source: f.optionalString('source') ?? 'startup' };
    case 'user-prompt-submit':
      return { ...common, hook, prompt: f.optionalString('prompt') ?? '' };
    case 'pre-tool-use':
      return { ...common, hook, toolName: f.string('tool_name'), toolInput: f.object('tool_input'), toolUseId: f.optionalString('tool_use_id') };
    case 'post-tool-use':
      return {
        ...common,
        hook,
        toolName: f.string('tool_name'),
        toolInput: f.object('tool_input'),
        toolUseId: f.optionalString('tool_use_id'),
        toolResponse: f.value('tool_response'),
        error: f.optionalString('error'),
        interrupted: f.optionalBoolean('is_interrupt') ?? false,
      };
    case 'stop':
      return { ...common, hook, stopHookActive: f.optionalBoolean('stop_hook_active') ?? false, lastAssistantMessage: f.optionalString('last_assistant_message') ?? '' };
  }
};
