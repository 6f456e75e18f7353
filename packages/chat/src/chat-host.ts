/** Where a chat's memory is, as the chat was started: its slash commands and the commands it prints use the same. */
export interface ChatRoots {
  readonly home?: string;
  readonly project: string;
  readonly store?: string;
  readonly tenant?: string;
}

/** Where a slash command writes: the chat's screen (made terminal-safe) and stderr. */
export interface ChatIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * What the program that starts the chat lends it: the memory commands behind `/memory`,
 * `/skills`, `/why` and `/forget` (so they print exactly what those commands print), its exit
 * codes, and how a command it prints as advice names this install (`node /abs/.../engram.js`, never `npx engram`).
 * The chat sits above the runtime and never imports the program that runs it.
 */
export interface ChatHost {
  readonly engram: string;
  readonly showMemory: (roots: ChatRoots, io: ChatIo) => Promise<unknown>;
  readonly listSkills: (roots: ChatRoots, io: ChatIo) => Promise<unknown>;
  readonly explain: (text: string, roots: ChatRoots, io: ChatIo) => Promise<unknown>;
  /** Only the preview: forgetting rewrites event logs, and the chat's own log is open (docs/forget.md). */
  readonly previewForget: (subject: string, roots: ChatRoots, io: ChatIo) => Promise<unknown>;
  /** The exit code of a failure to open the chat, read from the error's tag by the program's one table of exit codes (docs/errors.md). */
  readonly exitCodeOf: (err: unknown) => number;
}
