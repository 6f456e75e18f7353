import type { LlmOptionValues } from '../llm/llm-options.js';
import { openCliLlm } from '../llm/open-cli-llm.js';
import { memoryText, withActiveMemory, parseScope, scopesOf } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryCompactOptions extends MemoryRootOptions, LlmOptionValues {
  readonly scope?: string;
  /** Apply the compaction after showing it; without it only the preview is printed. */
  readonly yes?: boolean;
  readonly json?: boolean;
}

/**
 * `engram memory compact`: asks the model which entries to keep and shows what would go; with
 * `--yes` it removes them (each by id, under the store's lock, so entries written meanwhile
 * stay), in the active store (the files, or PostgreSQL with `--store`/`ENGRAM_STORE`). A failed or empty answer removes nothing (exit 1 when a call failed).
 */
export const runMemoryCompact = (options: MemoryCompactOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('compact', io, async () => {
    const scope = parseScope(options.scope);
    const report = await withActiveMemory(options, async (m) => {
      // Settings that cannot work are an LlmConfigError: exit 2 from its tag.
      const model = await openCliLlm(options, { projectDir: m.paths.project ?? process.cwd(), home: m.paths.home });
      return m.cortex.compact(model, { preview: options.yes !== true, scopes: scopesOf(scope) });
    });
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else io.out(memoryText.compact(report));
    return report.some((f) => f.status === 'failed') ? 1 : 0;
  });
