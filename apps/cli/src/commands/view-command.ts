import type { ViewOptions } from '../view/run-view.js';
import type { CommandSpec } from './command-spec.js';
import { ROOTS, opt, port } from './shared-options.js';

/**
 * `engram view`: the local web app (docs/view.md) on 127.0.0.1, or with `--html FILE LOG...` the
 * timelines of the given logs as one self-contained file. Exit 0 when it stops (Ctrl-C, SIGTERM),
 * 1 when it cannot start or a log cannot be read, 2 on a usage error.
 */
export const viewCommand: CommandSpec = {
  name: 'view',
  description: 'see what engram learned: a local web app (127.0.0.1 only) with sessions, live timelines, memory and its provenance, learning and replay; --html FILE LOG... writes timelines to one self-contained file (docs/view.md)',
  args: [['[logs...]', 'with --html: the session logs (JSONL) to write']],
  options: [...ROOTS, opt('--port <port>', 'port on 127.0.0.1 (default: a free one)', port(0)), opt('--open', 'open the app in a browser when one is installed (xdg-open)'), opt('--html <file>', 'write the timelines of LOG... to FILE (no server)')],
  run: async (o: ViewOptions, logs: string[]) => (await import('../view/run-view.js')).runView(logs, o),
};
