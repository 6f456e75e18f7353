import type { LlmClientOptions, LlmFlags, ResolvedLlmConfig } from '@engram/llm';
import { PAD_MEMORY_ENV, parsePadMemoryMb } from '@engram/scratchpad';
import { parseMemoryMode } from '../create-brain.js';
import type { MemoryMode } from '../engram-session.js';
import { readGuardsConfig } from '../read-guards-config.js';

/**
 * What a host that drives a model reads before it opens its brain (`engram run`, `engram chat`):
 * the memory mode (`mode`, else ENGRAM_MEMORY_MODE); the pads' memory limit, checked up front
 * because the pads start lazily and a bad limit must be a usage error, not a failed cell; the
 * model settings (flags, environment, config files; a server with one model needs no model flag,
 * `onNote` says which it took); the project's guards. A problem throws an Error naming the setting.
 * The model stack is imported here, not at the runtime's load: a hook never pays for it.
 */
export const readModelSettings = async (
  o: { readonly project: string; readonly home?: string | undefined; readonly llm: LlmFlags; readonly mode?: MemoryMode; readonly onNote: (text: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly config: ResolvedLlmConfig; readonly clientOptions: Omit<LlmClientOptions, 'sink'>; readonly memoryMode: MemoryMode; readonly guards: ReturnType<typeof readGuardsConfig> }> => {
  const memoryMode = o.mode ?? parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  parsePadMemoryMb(env[PAD_MEMORY_ENV]);
  const { clientOptionsOf, resolveLlmConfig } = await import('@engram/llm');
  const config = await resolveLlmConfig({ askServerForModel: true, onNote: o.onNote, flags: o.llm, env, projectDir: o.project, ...(o.home === undefined ? {} : { home: o.home }) });
  return { config, clientOptions: clientOptionsOf(config), memoryMode, guards: readGuardsConfig(o.project) };
};
