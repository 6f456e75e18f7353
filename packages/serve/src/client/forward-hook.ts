import { isAbsolute, resolve } from 'node:path';
import { callService } from './call-service.js';
import type { HookAnswerOutput } from './check-answer.js';
import { spawnService } from './effects/spawn-service.js';
import { isForwardedEnv, PROTOCOL_VERSION, type HookCommand } from './protocol-version.js';
import { MAX_SOCKET_PATH_BYTES, resolveHome, servePaths } from './serve-paths.js';

/**
 * How long a hook waits for the service's answer before handling the call itself: a warm hook
 * answers in milliseconds and a Stop hook's learning in a few seconds; this stays under the 30 s
 * timeout docs/hooks.md gives Claude Code, with room left for the in-process fallback.
 */
export const SERVICE_TIMEOUT_MS = 20_000;

export interface ForwardOptions {
  readonly name: HookCommand;
  readonly payload: string;
  readonly flags: { readonly project?: string | undefined; readonly home?: string | undefined };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The `engram` launcher to start a service with when none runs; undefined: start none. */
  readonly launcher?: string;
  readonly timeoutMs?: number;
}

export type Forwarded =
  | { readonly kind: 'answered'; readonly output: HookAnswerOutput | null; readonly warnings: readonly string[] }
  /** Handle the hook in this process; `warning` (one line) when a service should have answered and did not. */
  | { readonly kind: 'in-process'; readonly warning: string | null };

const absolute = (path: string | undefined, cwd: string): string | undefined => (path === undefined || path === '' || isAbsolute(path) ? path : resolve(cwd, path));

/**
 * Hands one hook to the home's service and returns its answer, or says to handle it in-process:
 * `ENGRAM_SERVE=0`, no service (one is started in the background for the next hooks), or a
 * service that could not answer (with a warning). Paths are made absolute here: the service
 * runs in another folder.
 */
export const forwardHook = async (opts: ForwardOptions): Promise<Forwarded> => {
  if (opts.env['ENGRAM_SERVE'] === '0') return { kind: 'in-process', warning: null };
  const home = resolveHome(opts.flags.home, opts.env, opts.cwd);
  const paths = servePaths(home);
  if (Buffer.byteLength(paths.socket) > MAX_SOCKET_PATH_BYTES) return { kind: 'in-process', warning: null };
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.env)) if (v !== undefined && isForwardedEnv(k)) env[k] = k === 'ENGRAM_HOME' || k === 'CLAUDE_PROJECT_DIR' ? (absolute(v, opts.cwd) ?? v) : v;
  const project = absolute(opts.flags.project, opts.cwd);
  const request = { v: PROTOCOL_VERSION, kind: 'hook', event: opts.name, payload: opts.payload, flags: { home, ...(project === undefined ? {} : { project }) }, env };
  const r = await callService(paths.socket, request, opts.timeoutMs ?? SERVICE_TIMEOUT_MS);
  if (r.kind === 'absent') {
    if (opts.launcher !== undefined) spawnService(opts.launcher, home, paths.pidFile, opts.env);
    return { kind: 'in-process', warning: null };
  }
  if (r.kind === 'failed') return { kind: 'in-process', warning: `engram serve did not answer (${r.reason}); handled in this process` };
  const a = r.answer;
  if (a.kind === 'hook') return { kind: 'answered', output: a.output, warnings: a.warnings };
  return { kind: 'in-process', warning: `engram serve failed (${a.kind === 'error' ? a.error : `unexpected ${a.kind} answer`}); handled in this process` };
};
