import { parseEnvChoice } from '@engram/kernel/env';

/** off: nothing observed; passive: lessons at end of turn only; active: lessons plus mid-turn nudges. */
export type AccMode = 'off' | 'passive' | 'active';

/**
 * The default is `active`, as in Anton's code (its docs say passive, anton.md §16): the nudge
 * reaches the model in the turn where the mistake is happening, which is when it can still
 * change course, and it costs at most one short text block per detector per turn.
 */
export const DEFAULT_ACC_MODE: AccMode = 'active';

/**
 * Reads `ENGRAM_ACC_MODE` (trimmed, any case; unset is the default). Unlike Anton, which silently
 * turns any unknown value into `active` (§15.30), an unknown value is refused: an
 * `EnvChoiceError` naming the variable and the allowed values (the CLI exits 2).
 */
export const parseAccMode = (raw: string | undefined): AccMode => parseEnvChoice('ENGRAM_ACC_MODE', raw, ACC_MODES, DEFAULT_ACC_MODE);

const ACC_MODES: readonly AccMode[] = ['off', 'passive', 'active'];
