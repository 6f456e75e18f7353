import { parseEvent, type AnyEnvelope, type EventIssue } from '@engram/events';

export type LineResult = { readonly ok: true; readonly event: AnyEnvelope } | { readonly ok: false; readonly issues: readonly EventIssue[] };

const MAX_QUOTE = 60;

/** Parses one JSONL line into an event, or the issues that stop it (JSON errors included). */
export const parseLogLine = (text: string): LineResult => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const quote = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}...` : text;
    return { ok: false, issues: [{ field: '(line)', problem: `not valid JSON (${(err as Error).message}): ${JSON.stringify(quote)}` }] };
  }
  return parseEvent(raw);
};
