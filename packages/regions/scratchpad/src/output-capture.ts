/**
 * Bounded capture of one output stream of one cell. A cell may print gigabytes; only
 * `limitBytes` are kept: the first half (what the output starts with) and the last half (where
 * errors and final results land), joined by a marker saying how much was cut and why. Memory
 * stays O(limit) whatever the cell prints. Pure: bytes in, text out.
 */

export interface CapturedOutput {
  /** The kept text (UTF-8 decoded), with a truncation marker in the middle when cut. */
  readonly text: string;
  /** Bytes the stream produced in total, before truncation. */
  readonly totalBytes: number;
  readonly truncated: boolean;
}

/** Why output is cut, shown to the model in the marker. */
export const TRUNCATION_REASON = 'keeps the model context and the event log small';

/** The text put where bytes were dropped. */
export const truncationMarker = (droppedBytes: number, limitBytes: number): string =>
  `\n[... ${droppedBytes} bytes truncated: output over the ${limitBytes}-byte per-stream limit (${TRUNCATION_REASON}) ...]\n`;

const isContinuation = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/** Bytes a UTF-8 sequence takes, read from its lead byte. */
const sequenceLength = (lead: number): number => (lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1);

/** `bytes` without a trailing, incomplete UTF-8 sequence (the rest of it was cut away). */
const headOf = (bytes: Uint8Array): Uint8Array => {
  let lead = bytes.length - 1;
  while (lead > 0 && bytes.length - lead < 4 && isContinuation(bytes[lead])) lead--;
  const leadByte = bytes[lead];
  if (leadByte === undefined || lead + sequenceLength(leadByte) <= bytes.length) return bytes;
  return bytes.subarray(0, lead);
};

/** The last (at most) `max` bytes of `bytes`, starting on a UTF-8 character boundary. */
const tailOf = (bytes: Uint8Array, max: number): Uint8Array => {
  let start = Math.max(0, bytes.length - max);
  while (start < bytes.length && isContinuation(bytes[start])) start++;
  return bytes.subarray(start);
};

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
};

const decoder = new TextDecoder('utf-8');

export class OutputCapture {
  private head: Uint8Array = new Uint8Array(0);
  private tail: Uint8Array = new Uint8Array(0);
  private total = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;

  constructor(readonly limitBytes: number) {
    if (!Number.isInteger(limitBytes) || limitBytes < 0) throw new RangeError(`limitBytes must be a non-negative integer, got ${limitBytes}`);
    this.headLimit = Math.ceil(limitBytes / 2);
    this.tailLimit = limitBytes - this.headLimit;
  }

  write(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    let rest = chunk;
    if (this.head.length < this.headLimit) {
      const room = this.headLimit - this.head.length;
      this.head = concat(this.head, rest.subarray(0, room));
      rest = rest.subarray(Math.min(room, rest.length));
    }
    // The tail buffer grows to twice its limit before being trimmed, so copying stays amortised O(1) per byte.
    if (rest.length > 0) {
      this.tail = concat(this.tail, rest.length > this.tailLimit ? rest.subarray(rest.length - this.tailLimit) : rest);
      if (this.tail.length > 2 * this.tailLimit) this.tail = this.tail.slice(this.tail.length - this.tailLimit);
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  result(): CapturedOutput {
    if (this.total <= this.limitBytes) {
      return { text: decoder.decode(concat(this.head, this.tail)), totalBytes: this.total, truncated: false };
    }
    const head = headOf(this.head);
    const tail = tailOf(this.tail, this.tailLimit);
    const dropped = this.total - head.length - tail.length;
    return { text: decoder.decode(head) + truncationMarker(dropped, this.limitBytes) + decoder.decode(tail), totalBytes: this.total, truncated: true };
  }
}

/** Truncates a whole text the same way (for error texts, which arrive in one piece). */
export const truncateText = (text: string, limitBytes: number): CapturedOutput => {
  const capture = new OutputCapture(limitBytes);
  capture.write(new TextEncoder().encode(text));
  return capture.result();
};
