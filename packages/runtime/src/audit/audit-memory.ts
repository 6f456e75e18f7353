import { Cortex, PendingQueue, pendingPathFor } from '@engram/cortex';
import { FileSemanticStore } from '@engram/hippocampus';
import type { Clock, EngramScope } from '@engram/kernel';
import { join } from 'node:path';
import type { EngramPaths } from '../engram-paths.js';
import type { MemoryMode } from '../engram-session.js';

/** The memory stores and the coordinator, opened for the audit (no bus: nothing here is a session's event). */
export interface AuditMemory {
  readonly cortex: Cortex;
  /** The project store is absent when the brain has no project. */
  readonly stores: Readonly<Partial<Record<EngramScope, FileSemanticStore>>>;
}

/** Opens the global and the project memory as a session would, without a session. */
export const auditMemory = (paths: EngramPaths, mode: MemoryMode, clock: Clock): AuditMemory => {
  const global = new FileSemanticStore({ scope: 'global', dir: paths.globalMemoryDir, clock });
  const project = paths.projectMemoryDir === null ? null : new FileSemanticStore({ scope: 'project', dir: paths.projectMemoryDir, clock });
  const engramRoot = paths.project === null ? paths.home : join(paths.project, '.engram');
  const cortex = new Cortex({ global, project, mode, pending: new PendingQueue(pendingPathFor(engramRoot)), clock });
  return { cortex, stores: project === null ? { global } : { global, project } };
};

/** The folders holding event logs: the project's (when there is one), then the global one. */
export const auditLogDirs = (paths: EngramPaths): string[] => [...(paths.project === null ? [] : [join(paths.project, '.engram', 'events')]), join(paths.home, 'events')];
