import { sessionIdProblem } from './session-id-problem.js';
import { StoreError } from './store-error.js';

/** The session id check as the log backends report it: a tagged `invalid-session` error, or null. */
export const checkSessionId = (sessionId: string): StoreError | null => {
  const problem = sessionIdProblem(sessionId);
  return problem === null ? null : new StoreError({ reason: 'invalid-session', message: problem });
};
