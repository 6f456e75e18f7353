import type { CommandSpec } from './command-spec.js';
import { HOME, numberOption, opt, port } from './shared-options.js';

/** Milliseconds, from 10 ms (tests) to a day. */
const ms = numberOption({ kind: 'integer', min: 10, max: 86_400_000 });

/**
 * `engram serve`: the resident service hooks talk to (docs/serve.md). `engram hook` starts it by
 * itself; run by hand it stays in the foreground. Exit 0 when it stops (idle, SIGTERM, SIGINT),
 * 1 when it cannot start (another service runs for the home, an unsafe socket path).
 */
export const serveCommand: CommandSpec = {
  name: 'serve',
  description: 'keep hook sessions warm for a home and answer `engram hook` over <home>/run/engram.sock (owner only); stops by itself when idle (docs/serve.md)',
  options: [
    HOME,
    opt('--idle-exit-ms <ms>', 'stop after this long without a request (default 15 minutes)', ms),
    opt('--idle-suspend-ms <ms>', 'suspend a session to its log after this long unused (default 2 minutes)', ms),
    opt('--view', 'also serve the web app of `engram view` from this process, on 127.0.0.1 (docs/view.md)'),
    opt('--view-port <port>', "the web app's port (default: a free one)", port(0)),
    opt('--project <dir>', 'with --view: the project the web app shows (default: .)'),
  ],
  run: async (o: { home?: string; idleExitMs?: number; idleSuspendMs?: number; view?: boolean; viewPort?: number; project?: string }) => (await import('../serve/run-serve.js')).runServeCommand(o),
};
