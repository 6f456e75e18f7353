import { parseEnvSwitch } from '@engram/kernel/env';

/**
 * Whether episodic memory is on, given `ENGRAM_EPISODIC_MEMORY` (Anton: `ANTON_EPISODIC_MEMORY`):
 * default on; 0/false/off/no switch it off, 1/true/on/yes on, anything else is refused (an
 * `EnvChoiceError`), where Anton left it on for any typo.
 */
export const episodicMemoryEnabled = (value: string | undefined): boolean => parseEnvSwitch('ENGRAM_EPISODIC_MEMORY', value, true);
