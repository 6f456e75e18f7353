import { startService, type RunningService } from '@engram/serve';

/**
 * Runs the service until it stops: idle, SIGTERM or SIGINT (sessions suspended, socket removed).
 * An error nobody caught is logged by the service and stops it cleanly: hooks then fall back
 * to in-process handling and start a new service.
 */
export const runServeCommand = async (opts: { readonly home?: string | undefined; readonly idleExitMs?: number | undefined; readonly idleSuspendMs?: number | undefined }): Promise<number> => {
  let service: RunningService;
  try {
    service = await startService({ home: opts.home, ...(opts.idleExitMs === undefined ? {} : { idleExitMs: opts.idleExitMs }), ...(opts.idleSuspendMs === undefined ? {} : { idleSuspendMs: opts.idleSuspendMs }) });
  } catch (err) {
    process.stderr.write(`engram serve: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  process.stderr.write(`engram serve: listening on ${service.paths.socket} (pid ${process.pid})\n`);
  const stopOn = (reason: string) => () => void service.stop(reason);
  process.once('SIGTERM', stopOn('SIGTERM'));
  process.once('SIGINT', stopOn('SIGINT'));
  process.on('uncaughtException', (err) => void service.stop(`uncaught error: ${err.message}`));
  process.on('unhandledRejection', (err) => void service.stop(`unhandled rejection: ${err instanceof Error ? err.message : String(err)}`));
  const reason = await service.stopped;
  process.stderr.write(`engram serve: stopped (${reason})\n`);
  return 0;
};
