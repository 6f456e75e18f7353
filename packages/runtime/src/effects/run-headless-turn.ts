import type { Brain } from '../create-brain.js';
import type { TurnResult } from '../engram-session.js';
import { learnedFromLog } from '../learned-from-log.js';

/** What a headless turn answered, learned and left waiting for the user, and whether a signal ended it. */
export interface HeadlessTurn {
  readonly result: TurnResult;
  readonly sessionId: string;
  readonly eventLog: string;
  readonly lessons: readonly { readonly id: string; readonly kind: string; readonly rule: string; readonly scope: string }[];
  readonly pending: readonly { readonly pendingId: string; readonly kind: string | null; readonly scope: string | null; readonly text: string }[];
  readonly interruptedBy: 'SIGINT' | 'SIGTERM' | undefined;
}

/**
 * One headless turn on a new session of `brain` (`engram run`), then the brain closed. Ctrl-C or
 * SIGTERM cancels the turn cleanly: the model call is aborted, a running cell is killed with its
 * pad's processes, nothing is learned from the turn, and the killed cell and the cancellation are
 * recorded and flushed before it returns. A second signal is not caught: it ends the process at
 * once. Waits for end-of-turn learning (a failure there goes to `warn`).
 */
export const runHeadlessTurn = async (brain: Brain, task: string, options: { readonly roundCap?: number }, warn: (text: string) => void): Promise<HeadlessTurn> => {
  const session = brain.session();
  const controller = new AbortController();
  let interruptedBy = undefined as 'SIGINT' | 'SIGTERM' | undefined;
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    interruptedBy = signal;
    controller.abort(new Error(`interrupted (${signal})`));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const result = await session
    .turn(task, { signal: controller.signal, ...(options.roundCap === undefined ? {} : { roundCap: options.roundCap }) })
    .finally(() => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    });
  await session.settled().catch((err: unknown) => warn(`storing what was learned failed: ${err instanceof Error ? err.message : String(err)}`));
  await session.close().catch(() => undefined);
  const lessons = learnedFromLog(await session.loggedEvents().catch(() => [])).map(({ id, kind, rule, scope }) => ({ id, kind, rule, scope }));
  // Copilot mode: what waits for the user's confirmation is shown after the answer.
  const pending = (await session.pendingMemories()).map((p) => ({ pendingId: p.pendingId, kind: p.engram.kind, scope: p.engram.scope, text: p.engram.text }));
  await brain.close().catch(() => undefined);
  return { result, sessionId: session.id, eventLog: session.eventLog, lessons, pending, interruptedBy };
};
