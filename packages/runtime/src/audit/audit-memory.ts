import { Cortex, PendingQueue } from '@engram/cortex';
import { FileSemanticStore } from '@engram/hippocampus';
import type { Clock, EngramScope, SemanticStore } from '@engram/kernel';
import type { EngramPaths } from '../engram-paths.js';
import type { MemoryMode } from '../engram-session.js';

/** The memory stores and the coordinator, opened for the audit (no bus: nothing here is a session's event). */
export interface AuditMemory {
  readonly cortex: Cortex;
  /** The project store is absent when the brain has no project. */
  readonly stores: Readonly<Partial<Record<EngramScope, SemanticStore>>>;
}

/** Opens the global and the project memory as a session would, without a session. */
export const auditMemory = (paths: EngramPaths, mode: MemoryMode, clock: Clock): AuditMemory => {
  const global = new FileSemanticStore({ scope: 'global', dir: paths.globalMemoryDir, clock, root: paths.home });
  const project = paths.projectMemoryDir === null || paths.project === null ? null : new FileSemanticStore({ scope: 'project', dir: paths.projectMemoryDir, clock, root: paths.project });
  const cortex = new Cortex({ global, project, mode, pending: new PendingQueue(paths.pendingMemoryFile, { root: paths.project ?? paths.home }), clock });
  return { cortex, stores: project === null ? { global } : { global, project } };
};

/** The folders holding event logs: the project's (when there is one), then the global one. */
export const auditLogDirs = (paths: EngramPaths): string[] => [...(paths.projectEventsDir === null ? [] : [paths.projectEventsDir]), paths.globalEventsDir];
