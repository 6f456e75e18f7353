import { normalizeToolTarget, scrubSecrets, scrubValue } from '@engram/kernel';
import type { RecipeAction } from './recipe-action.js';

/** Longest hint kept: one short clause of a prompt line, not a copy of the call. */
export const MAX_HINT_CHARS = 80;
/** Longest value shown inside a hint (`encoding: 'latin-1'`), so several changed fields still fit. */
const MAX_VALUE_CHARS = 40;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const render = (value: unknown): string => {
  if (typeof value === 'string') return `'${cut(value.replace(/\s+/g, ' '), MAX_VALUE_CHARS).replace(/'/g, "\\'")}'`;
  return cut(JSON.stringify(value) ?? String(value), MAX_VALUE_CHARS);
};

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Characters inside one token: a diff that starts or ends mid-token is widened to the whole token. */
const TOKEN = /[^\s,;()[\]{}]/;

/**
 * What the success's code adds over the failure's: the part between their common prefix and
 * suffix, widened to whole tokens (`encoding='latin-1'`, not `latin-1'`), or what it removes.
 */
const codeHint = (failed: string, next: string): string => {
  let p = 0;
  while (p < failed.length && p < next.length && failed[p] === next[p]) p++;
  let s = 0;
  while (s < failed.length - p && s < next.length - p && failed[failed.length - 1 - s] === next[next.length - 1 - s]) s++;
  const token = (c: string | undefined) => c !== undefined && TOKEN.test(c);
  while (p > 0 && token(next[p - 1]) && (token(next[p]) || token(failed[p]))) p--;
  while (s > 0 && token(next[next.length - s]) && (token(next[next.length - s - 1]) || token(failed[failed.length - s - 1]))) s--;
  const trim = (t: string) => t.replace(/^[\s,;]+|[\s,;]+$/g, '').replace(/\s+/g, ' ');
  const added = trim(next.slice(p, next.length - s));
  if (added !== '') return added;
  const removed = trim(failed.slice(p, failed.length - s));
  return removed === '' ? '' : `without ${removed}`;
};

/**
 * Fields the step sets differently from the failed call (`encoding: 'latin-1'`), then, for the
 * same tool, those it drops (`without strict`). The field naming the target is left out: it is
 * the trigger's, and keeping it would tie the recipe to one file.
 */
const fieldHint = (failed: RecipeAction, step: RecipeAction, fields: Readonly<Record<string, unknown>>): string => {
  const before = failed.fields ?? {};
  const target = normalizeToolTarget(step.target);
  const isTarget = (v: unknown) => typeof v === 'string' && normalizeToolTarget(v) === target;
  const parts: string[] = [];
  const shown = scrubValue(fields) as Record<string, unknown>;
  for (const [k, v] of Object.entries(fields)) if (!isTarget(v) && (!(k in before) || !sameValue(before[k], v))) parts.push(`${k}: ${render(shown[k])}`);
  if (failed.tool === step.tool) for (const k of Object.keys(before)) if (!(k in fields)) parts.push(`without ${k}`);
  return parts.join(', ');
};

/**
 * How a step's parameters differ from the failed call's, as a short, scrubbed hint: what a
 * later call should change. Empty when the step is the failed call again (an identical retry).
 */
export const parameterHint = (failed: RecipeAction, step: RecipeAction): string => {
  let hint = '';
  if (step.code !== null) hint = codeHint(failed.code ?? '', step.code);
  else if (step.fields !== null) hint = fieldHint(failed, step, step.fields);
  return cut(scrubSecrets(hint), MAX_HINT_CHARS);
};
