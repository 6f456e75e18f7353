import type { LlmCheckReport } from './check-llm.js';
import type { ResolvedLlmConfig } from './resolve-llm-config.js';
import { describeProvider } from './provider-config.js';

/** What `engram llm check` prints for a person: the provider, then each role's model, where its setting came from, and whether it answered. Pure. */
export const llmCheckText = (config: ResolvedLlmConfig, report: LlmCheckReport): string => {
  const lines = [`provider  ${describeProvider(config.provider)}  [from ${config.sources.provider}]`];
  if (config.record !== undefined) lines.push(`record    ${config.record}`);
  for (const c of report.checks) {
    const source = c.role === 'planning' ? config.sources.planningModel : config.sources.codingModel;
    const status = c.ok ? `ok (${c.latencyMs} ms)` : `FAILED ${c.reason ?? 'unknown'}: ${c.message ?? ''}`;
    lines.push(`${c.role.padEnd(9)} ${c.model}  [from ${source}]  ${status}`);
  }
  return `${lines.join('\n')}\n`;
};
