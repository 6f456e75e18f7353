import { resolve } from 'node:path';
import { startService, type RunningService, type ServiceOptions } from '@engram/serve';

/** With `--view`: the web app's handler for the home and project, served by the service's process. */
const webOf = async (opts: { readonly home?: string | undefined; readonly viewPort?: number | undefined; readonly project?: string | undefined }): Promise<NonNullable<ServiceOptions['web']>> => {
  const { ViewSource, createViewHandler } = await import('@engram/view');
  const project = resolve(opts.project ?? '.');
  const handler = createViewHandler(new ViewSource({ home: opts.home, project }));
  return { handler: handler.handle, close: handler.close, project, ...(opts.viewPort === undefined ? {} : { port: opts.viewPort }) };
};

/**
 * Runs the service until it stops: idle, SIGTERM or SIGINT (sessions suspended, socket removed).
 * An error nobody caught is logged by the service and stops it cleanly: hooks then fall back
 * to in-process handling and start a new service.
 */
export const runServeCommand = async (opts: {
  readonly home?: string | undefined;
  readonly idleExitMs?: number | undefined;
  readonly idleSuspendMs?: number | undefined;
  readonly view?: boolean | undefined;
  readonly viewPort?: number | undefined;
  readonly project?: string | undefined;
}): Promise<number> => {
  // The hooks matter more than the pages: a store the app cannot show costs the app, not the service.
  const refusal = opts.view === true ? (await import('@engram/view')).viewStoreRefusal(process.env) : null;
  if (refusal !== null) process.stderr.write(`engram serve: web app not started: ${refusal}\n`);
  let service: RunningService;
  try {
    const web = opts.view === true && refusal === null ? await webOf(opts) : undefined;
    service = await startService({ home: opts.home, ...(web === undefined ? {} : { web }), ...(opts.idleExitMs === undefined ? {} : { idleExitMs: opts.idleExitMs }), ...(opts.idleSuspendMs === undefined ? {} : { idleSuspendMs: opts.idleSuspendMs }) });
  } catch (err) {
    process.stderr.write(`engram serve: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  process.stderr.write(`engram serve: listening on ${service.paths.socket} (pid ${process.pid})\n`);
  if (service.webUrl !== null) process.stderr.write(`engram serve: web app on ${service.webUrl}\n`);
  else if (opts.view === true && refusal === null) process.stderr.write('engram serve: the web app could not start (see <home>/run/serve.log)\n');
  const stopOn = (reason: string) => () => void service.stop(reason);
  // `on`, not `once`: a `once` listener is gone while the signal is still being emitted, and
  // signal-exit (loaded by proper-lockfile, under the home's locks) then sees only its own
  // listener, takes the process for unhandled and kills it again with the signal before the
  // service stopped (no log line, socket and pools left; exit by signal, not 0).
  process.on('SIGTERM', stopOn('SIGTERM'));
  process.on('SIGINT', stopOn('SIGINT'));
  process.on('uncaughtException', (err) => void service.stop(`uncaught error: ${err.message}`));
  process.on('unhandledRejection', (err) => void service.stop(`unhandled rejection: ${err instanceof Error ? err.message : String(err)}`));
  const reason = await service.stopped;
  process.stderr.write(`engram serve: stopped (${reason})\n`);
  return 0;
};
