/** Longest target kept: a path or URL, not a pasted document. */
const MAX_TARGET_CHARS = 200;

/** Input fields that name what a tool acts on, most specific first. */
const TARGET_KEYS = ['path', 'file_path', 'filePath', 'file', 'filename', 'url', 'uri', 'directory', 'dir', 'name', 'command', 'cmd'] as const;

/**
 * The resource a tool call acts on (a file, a URL, a command), read from its input, so recovery
 * recipes can key on class and target ("encoding errors on *.cbl"). Null when the input names none.
 */
export const toolTarget = (input: unknown): string | null => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  for (const key of TARGET_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') {
      const t = value.trim();
      return t.length > MAX_TARGET_CHARS ? t.slice(0, MAX_TARGET_CHARS) : t;
    }
  }
  return null;
};
