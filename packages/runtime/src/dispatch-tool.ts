import { scrubSecrets } from '@engram/kernel';
import type { z } from 'zod';
import type { CellResult, ScratchpadHost } from '@engram/scratchpad';
import { MEMORIZE_TOOL_NAME } from '@engram/cortex';
import { RECALL_SKILL_TOOL, RECALL_TOOL } from '@engram/hippocampus';
import type { HostTool } from './host-tool.js';
import { ScratchpadInputSchema, SCRATCHPAD_TOOL_NAME, type ScratchpadInput } from './turn-tools.js';

/** Tool results beyond this are cut: they go back into the prompt every round. */
const MAX_TOOL_RESULT_CHARS = 16_000;

export interface ToolOutcome {
  /** What the model reads: the result as it came, clipped. */
  readonly content: string;
  /** What is recorded (the tool result event, episodes): scrubbed, then clipped, so a clip never cuts off what makes a secret recognisable. */
  readonly record: string;
  readonly isError: boolean;
}

/** What the dispatcher needs from the session: reporting (events) and the effects it drives. */
export interface DispatchPorts {
  readonly scratchpad: () => ScratchpadHost;
  /** The `memorize` call reported as `toolUseId`: how the proposals the cores derived from it were carried out. */
  readonly memorize: (input: unknown, toolUseId: string) => Promise<{ readonly text: string; readonly failed: boolean }>;
  readonly recall: (input: unknown) => Promise<string>;
  readonly recallSkill: (input: unknown) => Promise<string>;
  /** Publishes `scratchpad.cell.requested` (the pre-execute observation); returns the cell id. */
  readonly cellStarted: (cell: { pad: string; code: string; description: string; runtime: 'python' | 'node'; confirmedNewPad: boolean }) => string;
  /** Publishes `scratchpad.cell.executed` or `scratchpad.cell.killed` (the post-execute observation). */
  readonly cellFinished: (result: CellResult) => void;
  readonly cellRejected: (pad: string) => void;
  readonly padReset: (pad: string) => void;
  /** The host's tools of this turn, by name (`hostToolsByName`). */
  readonly hostTools?: ReadonlyMap<string, HostTool>;
}

const clip = (text: string): string => (text.length > MAX_TOOL_RESULT_CHARS ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}\n... [truncated ${text.length - MAX_TOOL_RESULT_CHARS} chars]` : text);

const outcome = (text: string, isError: boolean): ToolOutcome => ({ content: clip(text), record: clip(scrubSecrets(text)), isError });

/** The recall handlers answer errors as text starting `ERROR:` (Anton's convention). */
const asOutcome = (text: string): ToolOutcome => outcome(text, text.startsWith('ERROR:'));

const cellText = (r: CellResult): string => {
  const parts: string[] = [];
  if (r.stdout) parts.push(r.stdout.trimEnd());
  if (r.stderr) parts.push(`[stderr]\n${r.stderr.trimEnd()}`);
  if (r.error) parts.push(`[error]\n${r.error.trimEnd()}`);
  if (r.notice) parts.push(`[notice] ${r.notice}`);
  return parts.length ? parts.join('\n') : '(no output)';
};

/** Runs a cell; `signal` (Ctrl-C, SIGTERM, a host's stop) kills it mid-run, as a timeout would, and the killed cell is recorded. */
const execCell = async (host: ScratchpadHost, request: Parameters<ScratchpadHost['exec']>[0], signal: AbortSignal | undefined): Promise<CellResult> => {
  if (signal === undefined) return host.exec(request);
  const cancel = (): void => void host.cancel(request.pad);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const running = host.exec(request);
    if (signal.aborted) cancel();
    return await running;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
};

const runScratchpad = async (input: ScratchpadInput, ports: DispatchPorts, signal: AbortSignal | undefined): Promise<ToolOutcome> => {
  const host = ports.scratchpad();
  switch (input.action) {
    case 'exec': {
      const code = input.code ?? '';
      if (code.trim() === '') {
        ports.cellRejected(input.name);
        return outcome('The code parameter was empty: a large payload may have been dropped on the way. Send a smaller cell.', true);
      }
      const cellId = ports.cellStarted({ pad: input.name, code, description: input.one_line_description ?? '', runtime: input.runtime ?? 'python', confirmedNewPad: input.confirm_new_scratchpad ?? false });
      const result = await execCell(host, { pad: input.name, code, cellId, ...(input.runtime ? { runtime: input.runtime } : {}) }, signal);
      ports.cellFinished(result);
      return outcome(cellText(result), !result.ok);
    }
    case 'reset': {
      const { existed } = await host.reset(input.name);
      if (existed) ports.padReset(input.name);
      return outcome(existed ? `Pad ${input.name} was reset: its variables are gone.` : `There is no pad named ${input.name}.`, !existed);
    }
    case 'view': {
      const view = host.view(input.name);
      return view ? outcome(JSON.stringify(view, null, 1), false) : outcome(`There is no pad named ${input.name}.`, true);
    }
    case 'remove': {
      const removed = await host.remove(input.name);
      return outcome(removed ? `Pad ${input.name} was removed.` : `There is no pad named ${input.name}.`, !removed);
    }
  }
};

const issues = (error: z.ZodError): string => error.issues.map((i) => `${i.path.length === 0 ? '(input)' : i.path.join('.')}: ${i.message}`).join('; ');

/**
 * A host tool's call: an input that does not parse is an error result naming each field (the
 * model can fix it), never a call of `run`. `run` answers a string (success) or `{ ok, output }`.
 */
const runHostTool = async (tool: HostTool, input: unknown, signal: AbortSignal | undefined): Promise<ToolOutcome> => {
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) return outcome(`Invalid ${tool.name} input: ${issues(parsed.error)}`, true);
  const answer = await tool.run(parsed.data, { signal: signal ?? new AbortController().signal });
  if (typeof answer === 'string') return outcome(answer, false);
  return outcome(String(answer.output), !answer.ok);
};

/**
 * Runs one tool call of the model. Bad input and failures come back as error results for the
 * model to read, never as exceptions that end the turn; the cell observations are published
 * around every cell at this single point (Anton's streaming path skipped them: §15.1).
 * `signal` cancels a running cell (its pad's process group is killed and the cell recorded as
 * killed); the caller then ends the turn.
 */
export const dispatchTool = async (name: string, input: unknown, ports: DispatchPorts, toolUseId = '', signal?: AbortSignal): Promise<ToolOutcome> => {
  try {
    if (name === SCRATCHPAD_TOOL_NAME) {
      const parsed = ScratchpadInputSchema.safeParse(input);
      if (!parsed.success) return outcome(`Invalid scratchpad input: ${issues(parsed.error)}`, true);
      return await runScratchpad(parsed.data, ports, signal);
    }
    if (name === MEMORIZE_TOOL_NAME) {
      const r = await ports.memorize(input, toolUseId);
      return outcome(r.text, r.failed);
    }
    if (name === RECALL_TOOL.name) return asOutcome(await ports.recall(input));
    if (name === RECALL_SKILL_TOOL.name) return asOutcome(await ports.recallSkill(input));
    const host = ports.hostTools?.get(name);
    if (host !== undefined) return await runHostTool(host, input, signal);
    return outcome(`Tool '${name}' failed: there is no such tool.`, true);
  } catch (err) {
    return outcome(`Tool '${name}' failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
};
