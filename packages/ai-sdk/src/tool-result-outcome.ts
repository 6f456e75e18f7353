import type { ToolResultOutput } from './ai-types.js';

/** What a tool result in an AI SDK prompt says, in the terms engram records: worked or not, and its text. */
export interface ToolResultOutcome {
  readonly ok: boolean;
  /** The output (ok) or the error (not ok) as text. */
  readonly text: string;
}

const json = (value: unknown): string => JSON.stringify(value) ?? '';

/**
 * Reads a tool result's output. The AI SDK marks a tool that threw as `error-text` / `error-json`
 * and a call the user refused as `execution-denied`: those are failures; everything else worked.
 * Rich content (images, files) is named by its kind, never inlined.
 */
export const toolResultOutcome = (output: ToolResultOutput): ToolResultOutcome => {
  switch (output.type) {
    case 'text':
      return { ok: true, text: output.value };
    case 'json':
      return { ok: true, text: json(output.value) };
    case 'error-text':
      return { ok: false, text: output.value };
    case 'error-json':
      return { ok: false, text: json(output.value) };
    case 'execution-denied':
      return { ok: false, text: output.reason ?? 'the tool call was denied' };
    case 'content':
      return { ok: true, text: output.value.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join('\n') };
  }
};
