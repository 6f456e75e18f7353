/** Exit codes of `engram chat` (its --help lists them). */
export const CHAT_EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 3 } as const;

