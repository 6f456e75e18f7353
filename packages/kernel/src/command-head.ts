/** The first line of a command without its heredoc bodies: `cat <<'EOF' > a.py ... EOF` is `cat > a.py`. */
export const commandHead = (command: string): string => {
  const lines = command.split('\n');
  const kept: string[] = [];
  let until: string | null = null;
  for (const line of lines) {
    if (until !== null) {
      if (line.trim() === until) until = null;
      continue;
    }
    kept.push(line);
    const here = /<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?/.exec(line);
    if (here?.[1] !== undefined) until = here[1];
  }
  return kept.join('\n');
};
