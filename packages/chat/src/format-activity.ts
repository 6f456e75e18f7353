import type { TurnActivity } from '@engram/runtime';

/** A tool's summary on one line: longer ones are cut, since the line sits under a spinner in a terminal of any width. */
export const SUMMARY_CHARS = 60;

/** The fields of a tool's input that say best what the call is for, most telling first. */
const TELLING_FIELDS = ['one_line_description', 'description', 'query', 'label', 'subject', 'task'] as const;

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1)}…` : flat;
};

/** A string field of a JSON text that may be cut short (the recorded `argsSummary` keeps its first 120 characters). */
const jsonField = (text: string, field: string): string | null => {
  const m = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (m === null) return null;
  try {
    return JSON.parse(`"${m[1] ?? ''}"`) as string;
  } catch {
    return null;
  }
};

/** A tool input given as text: JSON (whole, or cut short as the recorded summary is) is read for its telling fields; other text is shown as it is. */
const summaryOfText = (text: string): string => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return toolSummary(parsed);
  } catch {
    // Cut short: read what fields survived.
  }
  if (!text.trimStart().startsWith('{')) return oneLine(text);
  const telling = TELLING_FIELDS.map((f) => jsonField(text, f)).find((v): v is string => v !== null && v.trim() !== '');
  const pad = jsonField(text, 'name');
  const action = jsonField(text, 'action');
  if (telling !== undefined) return oneLine(pad === null ? telling : `${pad}: ${telling}`);
  if (pad !== null) return oneLine(action === null ? pad : `${pad} (${action})`);
  return oneLine(text);
};

/**
 * A short, human summary of a tool call's input: the pad's name and the model's one-line
 * description for the scratchpad (`calc: multiply`), the most telling text field otherwise, else
 * the input as JSON; always one line of at most `SUMMARY_CHARS`.
 */
export const toolSummary = (input: unknown): string => {
  if (typeof input === 'string') return summaryOfText(input);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return oneLine(JSON.stringify(input) ?? '');
  const o = input as Record<string, unknown>;
  const telling = TELLING_FIELDS.map((f) => o[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const pad = typeof o['name'] === 'string' ? o['name'] : null;
  if (telling !== undefined) return oneLine(pad === null ? telling : `${pad}: ${telling}`);
  return oneLine(JSON.stringify(input) ?? '');
};

/** `120 ms` under a second, `1.2 s` above. */
export const formatDuration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What the terminal shows for one activity: a spinner's text while a tool runs, a finished tool's line, a nudge's line. */
export type ActivityView =
  | { readonly kind: 'running'; readonly text: string }
  | { readonly kind: 'finished'; readonly ok: boolean; readonly text: string }
  | { readonly kind: 'nudge'; readonly text: string }
  | { readonly kind: 'note'; readonly text: string };

/**
 * Turns a turn's activity into what to show, one line per tool call: `scratchpad calc: multiply`
 * while it runs, then `scratchpad calc: multiply · ok · 120 ms` (or `failed`). Remembers each
 * call's summary by id, since a call's end does not repeat it.
 */
export const createActivityFormatter = (): ((a: TurnActivity) => ActivityView) => {
  const summaries = new Map<string, string>();
  return (a) => {
    switch (a.kind) {
      case 'tool-start': {
        const summary = toolSummary(a.summary);
        const text = summary === '' ? a.name : `${a.name} ${summary}`;
        summaries.set(a.id, text);
        return { kind: 'running', text };
      }
      case 'tool-end': {
        const text = summaries.get(a.id) ?? a.name;
        summaries.delete(a.id);
        return { kind: 'finished', ok: a.ok, text: `${text} · ${a.ok ? 'ok' : 'failed'} · ${formatDuration(a.durationMs)}` };
      }
      case 'nudge':
        return { kind: 'nudge', text: `nudge: ${a.text.replace(/\s+/g, ' ').trim()}` };
      case 'compacted':
        return { kind: 'note', text: `compacted ${a.turns} old turn${a.turns === 1 ? '' : 's'} to stay within the context budget` };
    }
  };
};
