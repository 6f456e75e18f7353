import { createConnection } from 'node:net';
import { checkAnswer, type ServeAnswer } from './check-answer.js';
import { ABSENT, socketProblem } from './effects/socket-problem.js';

export type ServiceResult =
  | { readonly kind: 'answer'; readonly answer: ServeAnswer }
  /** No service runs: no socket, or nothing listening on it (a crashed service's stale socket). */
  | { readonly kind: 'absent' }
  /** A service should have answered and did not: unsafe socket, connection lost, timeout, unreadable answer. */
  | { readonly kind: 'failed'; readonly reason: string };

/** Largest answer read: a hook's output is cut at ~10,000 characters, with room for warnings. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Sends one request line to the service at `socket` and resolves to its answer line. Never
 * rejects: every way of not getting an answer is a result, so the caller can fall back.
 */
export const callService = (socket: string, request: unknown, timeoutMs: number): Promise<ServiceResult> => {
  const problem = socketProblem(socket);
  if (problem === ABSENT) return Promise.resolve({ kind: 'absent' });
  if (typeof problem === 'string') return Promise.resolve({ kind: 'failed', reason: problem });
  return new Promise((done) => {
    let connected = false;
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const conn = createConnection(socket);
    const finish = (result: ServiceResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      done(result);
    };
    const timer = setTimeout(() => finish({ kind: 'failed', reason: `no answer from the service in ${timeoutMs} ms` }), timeoutMs);
    conn.on('connect', () => {
      connected = true;
      conn.write(`${JSON.stringify(request)}\n`);
    });
    conn.on('data', (chunk: Buffer) => {
      const nl = chunk.indexOf(10);
      chunks.push(nl < 0 ? chunk : chunk.subarray(0, nl));
      size += chunk.length;
      if (nl < 0) {
        if (size > MAX_ANSWER_BYTES) finish({ kind: 'failed', reason: `the answer is over ${MAX_ANSWER_BYTES} bytes` });
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        finish({ kind: 'failed', reason: 'the answer is not JSON' });
        return;
      }
      const answer = checkAnswer(parsed);
      finish(typeof answer === 'string' ? { kind: 'failed', reason: answer } : { kind: 'answer', answer });
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // Refused before connecting: the socket file outlived its service.
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) finish({ kind: 'absent' });
      else finish({ kind: 'failed', reason: `the connection to the service failed (${err.code ?? err.message})` });
    });
    conn.on('close', () => finish({ kind: 'failed', reason: 'the service closed the connection without answering' }));
  });
};
