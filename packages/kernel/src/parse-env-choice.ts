import { TaggedError } from './tagged-error.js';

/**
 * A setting (an `ENGRAM_*` variable, a flag) whose value is not one it allows. The CLI exits 2
 * with this message: a typo such as `ENGRAM_ACC_MODE=pasive` must be refused, never silently read
 * as the default (Anton turned any unknown value into `active`, anton.md §15.30).
 */
export class EnvChoiceError extends TaggedError('EnvChoiceError')<{
  /** One reason: a value the setting does not allow (a closed union, so the CLI's exit table covers it). */
  readonly reason: 'not-allowed';
  /** The variable or flag: `ENGRAM_ACC_MODE`, `--acc-mode`. */
  readonly variable: string;
  readonly value: string;
  readonly allowed: readonly string[];
  readonly message: string;
}> {
  constructor(variable: string, value: string, allowed: readonly string[]) {
    super({ reason: 'not-allowed', variable, value, allowed, message: `${variable}=${JSON.stringify(value)} is not allowed: use one of ${allowed.join(', ')}` });
  }
}

/**
 * Reads an enum-like setting: trimmed, any case; unset or empty gives `fallback`; anything else
 * must be one of `choices` (an `EnvChoiceError` naming the variable and the allowed values).
 */
export const parseEnvChoice = <T extends string>(variable: string, raw: string | undefined, choices: readonly T[], fallback: T): T => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return fallback;
  const found = choices.find((c) => c === value);
  if (found === undefined) throw new EnvChoiceError(variable, raw ?? '', choices);
  return found;
};

/** The spellings an on/off switch accepts (Anton's `ANTON_EPISODIC_MEMORY` took 0/false/off/no). */
const ON = ['1', 'true', 'on', 'yes'] as const;
const OFF = ['0', 'false', 'off', 'no'] as const;
export const SWITCH_VALUES: readonly string[] = [...ON, ...OFF];

/** Reads an on/off setting (`1/true/on/yes`, `0/false/off/no`); unset or empty gives `fallback`. */
export const parseEnvSwitch = (variable: string, raw: string | undefined, fallback: boolean): boolean => {
  const v = parseEnvChoice(variable, raw, SWITCH_VALUES, fallback ? 'on' : 'off');
  return (ON as readonly string[]).includes(v);
};

/**
 * Every enum-like `ENGRAM_*` variable and the values it allows: the CLI checks them all before a
 * command runs (`@engram/kernel/env`, a module that imports only the error base), so a bad one is exit 2 whichever command reads it. Free-form variables
 * (`ENGRAM_HOME`, model names, `ENGRAM_LLM`'s `scripted:FILE`) and numbers (`ENGRAM_PAD_MEMORY_MB`,
 * parsed by `parseNumber`) are checked where they are read.
 */
export const ENGRAM_ENV_CHOICES: Readonly<Record<string, readonly string[]>> = {
  // The same lists as the events' MemoryModeSchema and AccModeSchema (a test holds them equal);
  // literal here so the CLI's check loads no schema module before a command starts.
  ENGRAM_MEMORY_MODE: ['autopilot', 'copilot', 'off'],
  ENGRAM_ACC_MODE: ['off', 'passive', 'active'],
  ENGRAM_EPISODIC_MEMORY: SWITCH_VALUES,
  ENGRAM_VALIDATE: SWITCH_VALUES,
  ENGRAM_AUTO_INSTINCTS: SWITCH_VALUES,
  ENGRAM_ALLOW_UNISOLATED: SWITCH_VALUES,
  // Read by the CLI's launcher (apps/cli/bin/engram.js) before any module loads: off runs every command from dist/.
  ENGRAM_BUNDLE: SWITCH_VALUES,
};

/** Checks every variable of `ENGRAM_ENV_CHOICES` set in `env`; the first bad one throws. */
export const checkEngramEnv = (env: Readonly<Record<string, string | undefined>>): void => {
  for (const [variable, allowed] of Object.entries(ENGRAM_ENV_CHOICES)) parseEnvChoice(variable, env[variable], allowed, allowed[0] ?? '');
};
