import { PROTOCOL_VERSION } from './protocol-version.js';

/** What a hook answers: Claude Code's `hookSpecificOutput` object, printed as it came. */
export interface HookAnswerOutput {
  readonly hookSpecificOutput: { readonly hookEventName: string } & Readonly<Record<string, unknown>>;
}

/** A service's answer to one request line (the zod schemas in ../protocol.ts describe the same shapes). */
export type ServeAnswer =
  | { readonly v: typeof PROTOCOL_VERSION; readonly kind: 'hook'; readonly output: HookAnswerOutput | null; readonly warnings: readonly string[] }
  | { readonly v: typeof PROTOCOL_VERSION; readonly kind: 'pong'; readonly pid: number; readonly home: string; readonly sessions: number; readonly served: number; readonly rssBytes: number; readonly web?: ServedWeb | null }
  | { readonly v: typeof PROTOCOL_VERSION; readonly kind: 'error'; readonly error: string };

/** The web app a service serves (`engram serve --view`): its address and the project it shows. */
export interface ServedWeb {
  readonly url: string;
  readonly project: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The answer a service sent, or a one-line problem. Checked by hand, not with zod: the hook client
 * must start fast and loading zod alone costs more than Node's own start-up (measured ~110 ms
 * here). A property test holds this check to the zod schema (`ServeAnswerSchema`).
 */
export const checkAnswer = (value: unknown): ServeAnswer | string => {
  if (!isRecord(value)) return 'the answer is not a JSON object';
  if (value['v'] !== PROTOCOL_VERSION) return `the answer speaks protocol ${JSON.stringify(value['v'])}, not ${PROTOCOL_VERSION}`;
  switch (value['kind']) {
    case 'hook': {
      const { output, warnings } = value;
      if (!Array.isArray(warnings) || !warnings.every((w) => typeof w === 'string')) return 'field "warnings": expected a list of strings';
      if (output !== null && !(isRecord(output) && isRecord(output['hookSpecificOutput']) && typeof output['hookSpecificOutput']['hookEventName'] === 'string'))
        return 'field "output": expected null or an object with hookSpecificOutput.hookEventName';
      return value as ServeAnswer;
    }
    case 'pong':
      if (!isCount(value['pid']) || typeof value['home'] !== 'string' || !isCount(value['sessions']) || !isCount(value['served']) || !isCount(value['rssBytes'])) return 'a pong needs pid, home, sessions, served and rssBytes';
      if (value['web'] !== undefined && value['web'] !== null && !(isRecord(value['web']) && typeof value['web']['url'] === 'string' && typeof value['web']['project'] === 'string')) return 'field "web": expected null or { url, project }';
      return value as ServeAnswer;
    case 'error':
      return typeof value['error'] === 'string' ? (value as ServeAnswer) : 'field "error": expected a string';
    default:
      return `field "kind": expected hook, pong or error, got ${JSON.stringify(value['kind'])}`;
  }
};
