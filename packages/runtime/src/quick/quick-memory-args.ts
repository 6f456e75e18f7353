/** The command lines the quick path answers, and the options each takes (all with a value but `--json`). */
const COMMANDS = {
  show: ['--home', '--project', '--scope', '--json'],
  list: ['--home', '--project', '--scope', '--json'],
  context: ['--home', '--project', '--message', '--json'],
} as const;

type QuickCommand = keyof typeof COMMANDS;

export interface QuickMemoryArgs {
  readonly command: QuickCommand;
  readonly home?: string;
  readonly project?: string;
  readonly scope?: string;
  readonly message?: string;
  readonly json: boolean;
}

const isCommand = (name: string | undefined): name is QuickCommand => name !== undefined && Object.hasOwn(COMMANDS, name);

/**
 * `memory show|list|context` with the options as commander takes them (`--opt value`,
 * `--opt=value`, `--json`), or null for every other command line: help, an unknown or repeated
 * option, a missing value, a value that starts with a dash, an argument. Null sends the line to
 * the full CLI, which answers (or refuses) it as it always did, so the quick path never has to
 * say anything the full one would say differently.
 */
export const quickMemoryArgs = (argv: readonly string[]): QuickMemoryArgs | null => {
  const [group, command, ...rest] = argv;
  if (group !== 'memory' || !isCommand(command)) return null;
  const allowed: readonly string[] = COMMANDS[command];
  const values = new Map<string, string>();
  let json = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!allowed.includes(name) || values.has(name)) return null;
    if (name === '--json') {
      if (eq >= 0 || json) return null;
      json = true;
      continue;
    }
    const value = eq < 0 ? rest[++i] : arg.slice(eq + 1);
    if (value === undefined || value.startsWith('-')) return null;
    values.set(name, value);
  }
  const home = values.get('--home');
  const project = values.get('--project');
  const scope = values.get('--scope');
  const message = values.get('--message');
  return { command, json, ...(home === undefined ? {} : { home }), ...(project === undefined ? {} : { project }), ...(scope === undefined ? {} : { scope }), ...(message === undefined ? {} : { message }) };
};
