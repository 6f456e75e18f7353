import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { Count } from './shared-schemas.js';

/** Cells of the named, stateful scratchpad runtimes. Pad names share Anton's `name` detail. */

export const RuntimeSchema = z.enum(['node', 'python']);

/** Anton `scratchpad_call`: detail `name`, `code_len`, `one_line_description`. */
const cellRequested = defineEvent({
  type: 'scratchpad.cell.requested',
  v: 1,
  schema: () => z.object({
    pad: z.string(),
    cellId: z.string(),
    runtime: RuntimeSchema,
    code: z.string(),
    codeLength: Count,
    description: z.string(),
    /** The model confirmed it wants a new pad (Anton's confirm_new_scratchpad); a negative signal for name-switch. */
    confirmedNewPad: z.boolean(),
  }),
  emitter: 'scratchpad',
  consumers: ['acc', 'cerebellum', 'cortex', 'replay'],
  description: "A cell passed validation and is about to run. Maps Anton's scratchpad_call.",
});

/** Anton `scratchpad_result`: detail `name`, `success`, `stdout_len`, `error`. */
const cellExecuted = defineEvent({
  type: 'scratchpad.cell.executed',
  v: 1,
  schema: () => z.object({
    pad: z.string(),
    cellId: z.string(),
    /** Anton's `success`: no error AND nothing on stderr, so a warning counts as a failure here. */
    ok: z.boolean(),
    stdout: z.string(),
    stderr: z.string(),
    error: z.string(),
    stdoutLength: Count,
    truncated: z.boolean(),
    durationMs: Count,
  }),
  emitter: 'scratchpad',
  consumers: ['acc', 'cerebellum', 'cortex', 'replay'],
  description: "A cell finished without being killed. Maps Anton's scratchpad_result.",
});

/** Anton `scratchpad_killed`: detail `name`, `reason`. */
const cellKilled = defineEvent({
  type: 'scratchpad.cell.killed',
  v: 1,
  schema: () => z.object({ pad: z.string(), cellId: z.string(), reason: z.string(), durationMs: Count }),
  emitter: 'scratchpad',
  consumers: ['acc', 'cerebellum', 'replay'],
  description: "A cell was cancelled, timed out or killed; the reason words tell hung from heavy. Maps Anton's scratchpad_killed.",
});

/** Anton `scratchpad_empty_code`: detail `name`. */
const cellRejected = defineEvent({
  type: 'scratchpad.cell.rejected',
  v: 1,
  schema: () => z.object({ pad: z.string(), reason: z.literal('empty-code') }),
  emitter: 'scratchpad',
  consumers: ['acc', 'replay'],
  description: "A cell arrived with empty code (a large payload dropped on the wire). Maps Anton's scratchpad_empty_code.",
});

/** Anton `scratchpad_reset`: detail `name`, `reason`. */
const padReset = defineEvent({
  type: 'scratchpad.pad.reset',
  v: 1,
  schema: () => z.object({ pad: z.string(), reason: z.literal('manual') }),
  emitter: 'scratchpad',
  consumers: ['acc', 'replay'],
  description: "An existing pad was reset by request. Maps Anton's scratchpad_reset.",
});

export const scratchpadEvents = [cellRequested, cellExecuted, cellKilled, cellRejected, padReset] as const;
