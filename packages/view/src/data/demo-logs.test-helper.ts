import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';

/** The two logs `engram demo` wrote (src/__fixtures__): session 1 fails five times and learns, session 2 does not fail. */
export const DEMO_LOGS = [join(import.meta.dirname, '..', '__fixtures__', 'demo-session-1.jsonl'), join(import.meta.dirname, '..', '__fixtures__', 'demo-session-2.jsonl')] as const;

export const readDemoLog = (i: 0 | 1): AnyEnvelope[] => {
  const r = readLogFile(DEMO_LOGS[i]);
  if (r.problems.length > 0) throw new Error(`fixture ${DEMO_LOGS[i]} has bad lines`);
  return r.events;
};
