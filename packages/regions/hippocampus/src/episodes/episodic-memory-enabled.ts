/** Values of `ENGRAM_EPISODIC_MEMORY` that switch episodic memory off (Anton: `ANTON_EPISODIC_MEMORY`); anything else leaves it on. */
const OFF = new Set(['0', 'false', 'off', 'no']);

/** Whether episodic memory is on, given the environment variable's value (default on). */
export const episodicMemoryEnabled = (value: string | undefined): boolean => value === undefined || !OFF.has(value.trim().toLowerCase());
