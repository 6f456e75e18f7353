/** Largest payload read: a tool response can hold a whole file, but not more than this. */
const MAX_STDIN_BYTES = 32 * 1024 * 1024;

/**
 * Reads all of stdin as UTF-8. Refuses a terminal (the command was run by hand, where it would
 * wait forever) and a payload over `MAX_STDIN_BYTES`.
 */
export const readStdin = async (stdin: NodeJS.ReadStream): Promise<string> => {
  if (stdin.isTTY) throw new Error('expects the hook JSON that Claude Code writes on stdin (pipe a payload in to try it)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_STDIN_BYTES) throw new Error(`the payload on stdin is over ${MAX_STDIN_BYTES / 1024 / 1024} MB`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
};
