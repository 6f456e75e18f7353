import type { ProposalOriginSchema } from '@engram/events';
import type { z } from 'zod';

/** Who proposed a memory: `memorize`, `acc`, `cerebellum`, `consolidation`, `basal-ganglia` or `user`. */
export type ProposalOrigin = z.infer<typeof ProposalOriginSchema>;
