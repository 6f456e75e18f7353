import { OutputCapture, type CapturedOutput } from './output-capture.js';

/**
 * One of a pad child's output streams (stdout or stderr), cut into cells. Cell code writes
 * straight to the real file descriptors (so `os.system` and subprocess output is captured
 * too); when a cell ends, the child host writes a per-cell random end marker to both streams.
 * Everything before the marker is the cell's output, so nothing a cell prints, however much it
 * looks like a marker or a protocol line, can end a cell early or leak into another cell's
 * result: only the random marker of the running cell counts. Output between cells (a timer
 * firing late) is kept and shown at the start of the next cell. Pure: bytes in, text out.
 */

const EMPTY = new Uint8Array(0);

/** Index of `needle` in `haystack`, or -1 (markers are short, so a plain scan is fast enough). */
export const indexOfBytes = (haystack: Uint8Array, needle: Uint8Array): number => {
  if (needle.length === 0) return 0;
  const first = needle[0] ?? 0;
  outer: for (let i = haystack.indexOf(first); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
};

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
};

export class CellOutputStream {
  /** Output that arrived outside a cell (or after the running cell's marker). */
  private pending: OutputCapture;
  private capture: OutputCapture | undefined;
  private marker: Uint8Array | undefined;
  /** The last bytes of the stream that could be the start of a marker split across chunks. */
  private carry: Uint8Array = EMPTY;
  private markerSeen = false;

  constructor(private readonly pendingLimitBytes: number) {
    this.pending = new OutputCapture(pendingLimitBytes);
  }

  /** Starts capturing a cell that ends when `marker` appears; output pending since the last cell opens it. */
  begin(marker: Uint8Array, limitBytes: number): void {
    if (marker.length === 0) throw new RangeError('the end marker must not be empty');
    this.capture = new OutputCapture(limitBytes);
    const before = this.pending.result();
    if (before.totalBytes > 0) this.capture.write(new TextEncoder().encode(before.text));
    this.pending = new OutputCapture(this.pendingLimitBytes);
    this.marker = marker;
    this.carry = EMPTY;
    this.markerSeen = false;
  }

  /** Feeds bytes read from the stream; true once the running cell's marker has been seen. */
  push(chunk: Uint8Array): boolean {
    if (this.capture === undefined || this.marker === undefined || this.markerSeen) {
      this.pending.write(chunk);
      return this.markerSeen;
    }
    const bytes = concat(this.carry, chunk);
    const at = indexOfBytes(bytes, this.marker);
    if (at >= 0) {
      this.capture.write(bytes.subarray(0, at));
      this.pending.write(bytes.subarray(at + this.marker.length));
      this.carry = EMPTY;
      this.markerSeen = true;
      return true;
    }
    const keep = Math.max(0, bytes.length - (this.marker.length - 1));
    this.capture.write(bytes.subarray(0, keep));
    this.carry = bytes.slice(keep);
    return false;
  }

  get sawMarker(): boolean {
    return this.markerSeen;
  }

  /** Bytes the running cell has written so far. */
  get cellBytes(): number {
    return (this.capture?.totalBytes ?? 0) + this.carry.length;
  }

  /** Ends the running cell (marker seen or not, e.g. when the child died) and returns its output. */
  end(): CapturedOutput {
    const capture = this.capture ?? new OutputCapture(0);
    capture.write(this.carry);
    this.capture = undefined;
    this.marker = undefined;
    this.carry = EMPTY;
    this.markerSeen = false;
    return capture.result();
  }
}
