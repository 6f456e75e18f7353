import { z } from 'zod';

/** Who may emit events: the regions, plus the infrastructure packages that publish facts of their own. */
export const SOURCES = [
  'executive',
  'scratchpad',
  'cerebellum',
  'acc',
  'cortex',
  'hippocampus',
  'basal-ganglia',
  'bus',
  'llm',
  'store',
] as const;
export const SourceSchema = z.enum(SOURCES);
export type Source = z.infer<typeof SourceSchema>;

/**
 * Who may consume events: any source, plus the product surfaces that read logs without being on
 * the bus (the replay tool, the audit commands) and embedding hosts (through `events$`).
 */
export const CONSUMERS = [...SOURCES, 'replay', 'audit', 'host'] as const;
export type Consumer = (typeof CONSUMERS)[number];
