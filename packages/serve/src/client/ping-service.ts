import { callService } from './call-service.js';
import type { ServedWeb } from './check-answer.js';
import { PROTOCOL_VERSION } from './protocol-version.js';
import { servePaths } from './serve-paths.js';

/** How a running service is doing, or null when none answers for the home. */
export const pingService = async (home: string, timeoutMs = 5_000): Promise<{ readonly pid: number; readonly sessions: number; readonly served: number; readonly rssBytes: number; readonly web?: ServedWeb | null } | null> => {
  const r = await callService(servePaths(home).socket, { v: PROTOCOL_VERSION, kind: 'ping' }, timeoutMs);
  return r.kind === 'answer' && r.answer.kind === 'pong' ? r.answer : null;
};
