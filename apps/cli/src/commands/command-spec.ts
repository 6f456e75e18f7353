import { Option, type Command } from 'commander';

/** One option as commander takes it: a parser, a default, `required` and `choices` where the option needs them. */
export interface OptionSpec {
  readonly flags: string;
  readonly help: string;
  readonly parse?: (value: string, previous: never) => unknown;
  readonly default?: unknown;
  readonly required?: boolean;
  readonly choices?: readonly string[];
}

/** The parsed options first, then the positional arguments in order; a number becomes the exit code. */
type Handler = (options: never, ...args: never[]) => Promise<number | undefined> | number | undefined;

/**
 * One command of the table the CLI walks: what `--help` shows and what runs. Handlers import their
 * implementation when they run, so start-up loads only commander and this table.
 */
export interface CommandSpec {
  readonly name: string;
  readonly description: string;
  readonly alias?: string;
  readonly args?: readonly (readonly [name: string, help: string])[];
  readonly options?: readonly OptionSpec[];
  readonly helpAfter?: string;
  readonly run?: Handler;
  readonly commands?: readonly CommandSpec[];
  /** For what the table does not say (hook's own exit-code mapping). */
  readonly configure?: (command: Command) => void;
}

/** Registers `specs` (and their sub-commands) under `parent`. */
export const addCommands = (parent: Command, specs: readonly CommandSpec[]): void => {
  for (const spec of specs) {
    const command = parent.command(spec.name).description(spec.description);
    if (spec.alias !== undefined) command.alias(spec.alias);
    for (const [name, help] of spec.args ?? []) command.argument(name, help);
    for (const o of spec.options ?? []) {
      const option = new Option(o.flags, o.help);
      if (o.parse !== undefined) option.argParser(o.parse as (value: string, previous: unknown) => unknown);
      if (o.default !== undefined) option.default(o.default);
      if (o.choices !== undefined) option.choices(o.choices);
      if (o.required === true) option.makeOptionMandatory();
      command.addOption(option);
    }
    if (spec.helpAfter !== undefined) command.addHelpText('after', spec.helpAfter);
    spec.configure?.(command);
    const run = spec.run as ((options: unknown, ...args: unknown[]) => Promise<number | undefined> | number | undefined) | undefined;
    if (run !== undefined)
      command.action(async (...received: unknown[]) => {
        const code = await run(received[received.length - 2], ...received.slice(0, -2));
        if (code !== undefined) process.exitCode = code;
      });
    addCommands(command, spec.commands ?? []);
  }
};
