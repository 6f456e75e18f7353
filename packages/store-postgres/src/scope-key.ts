import type { EngramScope } from '@engram/kernel';

/** A project id as `@engram/fs`'s `projectId` makes and checks it (the migration's CHECK agrees). */
const PROJECT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The key a scope's memory rows carry: `global`, or `project:ID` with the project's stable id, so
 * the same checkout on two machines shares one project memory. Throws for a project without a
 * valid id (it would otherwise land in another project's rows or nowhere).
 */
export const scopeKey = (scope: EngramScope, projectId?: string | null): string => {
  if (scope === 'global') return 'global';
  if (projectId == null || !PROJECT_ID.test(projectId)) throw new Error(`project memory needs the project's id (8-64 of A-Z a-z 0-9 _ -, from <project>/.engram/project.json), got ${JSON.stringify(projectId ?? null)}`);
  return `project:${projectId}`;
};

/** The wake-up payload a write to this scope sends (it names the scope, never the data). */
export const memoryPayload = (key: string): string => `memory ${key}`;
