import { resolve } from 'node:path';
import { pingService, resolveHome } from '@engram/serve/client';
import { doctorExit, doctorText, setupChecks, type DoctorCheck, type MemoryFlags } from '@engram/runtime';

/** A resident service answers a ping at once; a slow answer on a loaded machine still counts. */
const PING_TIMEOUT_MS = 3_000;

interface DoctorOptions extends MemoryFlags {
  readonly json?: boolean;
}

const serviceCheck = async (home: string): Promise<DoctorCheck> => {
  const pong = await pingService(home, PING_TIMEOUT_MS).catch(() => null);
  return pong === null
    ? { name: 'service', status: 'note', found: `no engram serve answers for ${home}`, fix: 'nothing needed: `engram hook` starts it when a hook runs; `engram serve --home DIR` starts it now' }
    : { name: 'service', status: 'ok', found: `engram serve (pid ${pong.pid}) answers, ${pong.sessions} session(s) warm` };
};

/**
 * `engram doctor [--json]`: the runtime's `setupChecks` (Node, the home folder, the resident
 * service, the store, the model, the embedder), each with what to fix. Exit 1 when something
 * engram needs is broken; notes (no model, no service running yet) leave it 0.
 */
export const runDoctor = async (options: DoctorOptions): Promise<number> => {
  const home = resolveHome(options.home, process.env, process.cwd());
  const project = resolve(options.project ?? process.cwd());
  const checks = await setupChecks({ home, project, flags: options }, () => serviceCheck(home));
  const exit = doctorExit(checks);
  if (options.json === true) process.stdout.write(`${JSON.stringify({ ok: exit === 0, home, project, checks })}\n`);
  else process.stdout.write(doctorText(checks));
  return exit;
};
