/**
 * The most of each host-reported text engram stores (characters, after scrubbing). Anything
 * longer is kept head and tail with the cut recorded in the text (`scrubAndCap`), so a 30 MB paste
 * or tool dump cannot bloat the log, memory and episodes, or slow every later read of them.
 */
export const INPUT_LIMITS = {
  /** A user message: about 50k tokens, more than a model reads usefully in one turn; beyond it is a paste. */
  message: 200_000,
  /** A tool's output or error, and the turn's answer: the model itself is shown far less (turn results are clipped at 16k). */
  toolText: 100_000,
  /** Each string inside a tool's input (a file written, a command run). */
  inputString: 100_000,
  /** A cell's code: a script of a few thousand lines. */
  cellCode: 200_000,
} as const;
