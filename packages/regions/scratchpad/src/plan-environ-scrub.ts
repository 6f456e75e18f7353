/** One `NAME=value` entry of a process's initial environment block whose value must be blanked. */
export interface EnvironBlank {
  readonly name: string;
  /** Byte offset of the value in the block (just after `=`). */
  readonly valueOffset: number;
  readonly valueLength: number;
}

/**
 * Which values of an environment block (the NUL-separated `NAME=value` bytes Linux shows as
 * `/proc/<pid>/environ`) hold secrets, by the same judgement as a pad's own environment
 * (`isSecret(name, value)`). Names stay, so the block still says which variables were set.
 */
export const planEnvironScrub = (block: Uint8Array, isSecret: (name: string, value: string) => boolean): EnvironBlank[] => {
  const out: EnvironBlank[] = [];
  const decoder = new TextDecoder();
  let start = 0;
  while (start < block.length) {
    let end = block.indexOf(0, start);
    if (end < 0) end = block.length;
    const eq = block.indexOf(0x3d, start); // '='
    if (eq > start && eq < end && end > eq + 1) {
      const name = decoder.decode(block.subarray(start, eq));
      const value = decoder.decode(block.subarray(eq + 1, end));
      if (isSecret(name, value)) out.push({ name, valueOffset: eq + 1, valueLength: end - eq - 1 });
    }
    start = end + 1;
  }
  return out;
};
