import type { LlmClientOptions } from '@engram/llm';
import type { MemoryMode } from '../engram-session.js';
import type { OpenBrainOptions } from '../open-brain.js';

/** The flags of a host that drives a model (`engram run`, `engram chat`), as parsed. */
export interface ModelBrainFlags {
  readonly store?: string | undefined;
  readonly tenant?: string | undefined;
  readonly home?: string | undefined;
  /** `--acc-profile FILE`: the detector thresholds. */
  readonly accProfile?: string | undefined;
}

/**
 * `openBrain`'s options from those flags and the settings read beside them (project, guards,
 * memory mode, model): one place, so every host opens the same brain from the same flags.
 */
export const modelBrainOptions = (flags: ModelBrainFlags, read: { readonly project: string; readonly guards: OpenBrainOptions['guards']; readonly memoryMode: MemoryMode; readonly clientOptions: Omit<LlmClientOptions, 'sink'> }): OpenBrainOptions => ({
  ...(flags.store === undefined ? {} : { store: flags.store }),
  ...(flags.tenant === undefined ? {} : { tenant: flags.tenant }),
  ...(flags.home === undefined ? {} : { home: flags.home }),
  project: read.project,
  guards: read.guards,
  modes: { memory: read.memoryMode },
  llm: { options: read.clientOptions },
  ...(flags.accProfile === undefined ? {} : { acc: { profile: flags.accProfile } }),
});
