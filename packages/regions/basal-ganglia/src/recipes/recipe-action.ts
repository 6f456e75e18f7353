import { normalizeToolTarget, perObject } from '@engram/kernel';

/** Input fields that explain a call rather than parameterise it: they vary between identical calls. */
const EXPLANATORY_KEYS: ReadonlySet<string> = new Set(['description', 'explanation', 'reason', 'why', 'thought', 'comment']);

/** The tool name the cerebellum classifies failed cells under. */
const CELL_TOOL = 'scratchpad';

/**
 * One action on a target, as the recipe core compares them: a tool call (its parameters) or a
 * scratchpad cell (its code). Two actions are the same when the tool and `identity` are equal.
 */
export interface RecipeAction {
  /** The tool_use id, or the cell id for a cell. */
  readonly callId: string;
  readonly tool: string;
  /** The target as read from the input (pad name for a cell), before normalisation. */
  readonly target: string;
  /** Where open failures are kept: tool targets and pads never share a key. */
  readonly key: string;
  /** Parameters without explanatory fields (null for a cell). */
  readonly fields: Readonly<Record<string, unknown>> | null;
  /** The cell's code (null for a tool call). */
  readonly code: string | null;
}

/** Sorted keys, so `{a, b}` and `{b, a}` are the same call. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = canonical((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
};

/**
 * Canonical text of what an action does: equal for an identical retry. Computed on first use, once
 * per action (only calls on a target with an open failure are ever compared), and kept outside the
 * action, which stays plain data (a session's resume checkpoint keeps the recipe core's state).
 */
const identity = perObject((a: RecipeAction): string => (a.code !== null ? a.code.trim() : (JSON.stringify(canonical(a.fields)) ?? '')));

/** A tool call as an action; its input's explanatory fields are left out. */
export const toolAction = (callId: string, tool: string, target: string, input: unknown): RecipeAction => {
  const fields: Record<string, unknown> = {};
  if (typeof input === 'object' && input !== null && !Array.isArray(input))
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) if (!EXPLANATORY_KEYS.has(k)) fields[k] = v;
  return { callId, tool, target, key: `target:${normalizeToolTarget(target)}`, fields, code: null };
};

/** A scratchpad cell as an action on its pad. */
export const cellAction = (cellId: string, pad: string, code: string): RecipeAction => ({
  callId: cellId,
  tool: CELL_TOOL,
  target: pad,
  key: `pad:${pad}`,
  fields: null,
  code,
});

export const sameAction = (a: RecipeAction, b: RecipeAction): boolean => a.tool === b.tool && identity(a) === identity(b);
