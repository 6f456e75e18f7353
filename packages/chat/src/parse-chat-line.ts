/** What one line typed at `engram chat`'s prompt asks for. */
export type ChatCommand =
  | { readonly kind: 'empty' }
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'memory' }
  | { readonly kind: 'skills' }
  | { readonly kind: 'why'; readonly text: string }
  | { readonly kind: 'forget'; readonly subject: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'exit' }
  /** A known command used wrongly (`/why` with nothing to explain): `message` says how to use it. */
  | { readonly kind: 'usage'; readonly message: string }
  | { readonly kind: 'unknown'; readonly name: string };

/** The slash commands and what each does, in the order `/help` lists them. */
export const CHAT_COMMANDS: readonly (readonly [usage: string, what: string])[] = [
  ['/memory', 'the stored rules, lessons and profile of both scopes (engram memory show)'],
  ['/skills', 'the saved skills and recovery recipes (engram skills list)'],
  ['/why TEXT', 'where a stored entry came from (engram memory why)'],
  ['/forget SUBJECT', 'what forgetting SUBJECT would remove (engram memory forget; apply it with --yes after the chat)'],
  ['/help', 'this list'],
  ['/exit', 'leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)'],
];

/**
 * Parses one input line. A line starting with `/` followed by a letter is a command; anything
 * else (including `//x`, `/ x`, a path like `/tmp/x is big`, and a line starting with a space) is a
 * message for the model, trimmed but otherwise as typed, since a user's words are data. Commands are case-insensitive; their argument is the
 * rest of the line, trimmed.
 */
export const parseChatLine = (line: string): ChatCommand => {
  const trimmed = line.trim();
  if (trimmed === '') return { kind: 'empty' };
  // Only at the very start of the line: a leading space sends `/anything` to the model as typed.
  const m = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(line.trimEnd());
  // A path typed as the start of a message (`/tmp/data.csv has 3 rows`) is not a command.
  if (m === null) return { kind: 'message', text: trimmed };
  const name = (m[1] ?? '').toLowerCase();
  const arg = (m[2] ?? '').trim();
  switch (name) {
    case 'memory':
      return { kind: 'memory' };
    case 'skills':
      return { kind: 'skills' };
    case 'why':
      return arg === '' ? { kind: 'usage', message: 'usage: /why TEXT (the entry text, or its id, to explain)' } : { kind: 'why', text: arg };
    case 'forget':
      return arg === '' ? { kind: 'usage', message: 'usage: /forget SUBJECT (what to forget)' } : { kind: 'forget', subject: arg };
    case 'help':
      return { kind: 'help' };
    case 'exit':
    case 'quit':
      return { kind: 'exit' };
    default:
      return { kind: 'unknown', name: `/${name}` };
  }
};
