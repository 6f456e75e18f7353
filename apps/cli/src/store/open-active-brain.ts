import type { Brain, OpenBrainOptions } from '@engram/runtime';
import { MemoryUsageError } from '../memory/open-memory.js';

/**
 * The chat's opener until the chat moves to packages/chat: the runtime's `openActiveBrain`, with a
 * bad store setting as the chat's usage error. The lead deletes this file (and store-open-error.ts)
 * when the chat imports the runtime directly.
 */
export const openActiveBrain = async (options: Omit<OpenBrainOptions, 'env'>): Promise<Brain> => {
  const runtime = await import('@engram/runtime');
  try {
    return await runtime.openActiveBrain(options);
  } catch (err) {
    throw err instanceof runtime.StoreSettingError || err instanceof (await import('@engram/cortex')).MemoryModeError ? new MemoryUsageError(err.message) : err;
  }
};
