/**
 * The line-delimited JSON protocol between the host and a pad's child process. It runs on a
 * private channel (file descriptor 3), never on stdout or stderr, so what a cell prints cannot
 * be read as a protocol message; cell output travels on the real stdout/stderr and ends at a
 * per-cell random marker (see `CellOutputStream`).
 *
 * host -> child: `{"t":"cell","id","name","code","marker"}` (one per line)
 * child -> host: `{"t":"ready","runtime","version","pid"}` once at start, then per cell
 *                `{"t":"done","id","error","durationMs"}` after its stdout and stderr markers.
 */

export interface CellRequest {
  /** The cell id, echoed in `done`. */
  readonly id: string;
  /** The file name the cell's code gets in tracebacks (`cell-3`). */
  readonly name: string;
  readonly code: string;
  /** The random end marker the child writes to stdout and stderr when the cell ends. */
  readonly marker: string;
}

export type HostMessage =
  | { readonly t: 'ready'; readonly runtime: string; readonly version: string; readonly pid: number }
  | { readonly t: 'done'; readonly id: string; readonly error: string; readonly durationMs: number };

export type ParsedHostMessage = HostMessage | { readonly t: 'invalid'; readonly problem: string };

/** One request line, newline-terminated (JSON escapes every newline inside strings). */
export const encodeCellRequest = (request: CellRequest): string =>
  `${JSON.stringify({ t: 'cell', id: request.id, name: request.name, code: request.code, marker: request.marker })}\n`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const invalid = (problem: string): ParsedHostMessage => ({ t: 'invalid', problem });

/** Parses one line from a child; anything unexpected becomes `invalid` with the reason. */
export const parseHostMessage = (line: string): ParsedHostMessage => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return invalid(`not JSON (${e instanceof Error ? e.message : String(e)}): ${line.slice(0, 120)}`);
  }
  if (!isRecord(value)) return invalid(`not a JSON object: ${line.slice(0, 120)}`);
  switch (value['t']) {
    case 'ready': {
      const { runtime, version, pid } = value;
      if (typeof runtime !== 'string' || typeof version !== 'string' || typeof pid !== 'number') return invalid('ready needs runtime, version (strings) and pid (number)');
      return { t: 'ready', runtime, version, pid };
    }
    case 'done': {
      const { id, error, durationMs } = value;
      if (typeof id !== 'string' || typeof error !== 'string' || typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0)
        return invalid('done needs id, error (strings) and durationMs (a non-negative number)');
      return { t: 'done', id, error, durationMs };
    }
    default:
      return invalid(`unknown message type ${JSON.stringify(value['t'])}`);
  }
};

/** Splits a text stream into lines; a line longer than `maxLineChars` is reported, not buffered forever. */
export class LineSplitter {
  private buffer = '';

  constructor(private readonly maxLineChars: number) {}

  /** Returns the complete lines in `chunk` (plus earlier leftovers); throws when a line grows past the limit. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    const parts = this.buffer.split('\n');
    this.buffer = parts.pop() ?? '';
    if (this.buffer.length > this.maxLineChars) {
      const size = this.buffer.length;
      this.buffer = '';
      throw new RangeError(`protocol line over ${this.maxLineChars} characters (${size} so far)`);
    }
    return parts.filter((line) => line.trim() !== '');
  }
}
