import type { Command } from 'commander';
import { numberOption } from './number-option.js';
import type { ViewOptions } from '../view/run-view.js';

/** A TCP port; 0 lets the system pick a free one. */
const port = numberOption({ kind: 'integer', min: 0, max: 65_535 });

/**
 * `engram view`: the local web app (docs/view.md) on 127.0.0.1, or with `--html FILE LOG...` the
 * timelines of the given logs as one self-contained file. Exit 0 when it stops (Ctrl-C, SIGTERM),
 * 1 when it cannot start or a log cannot be read, 2 on a usage error.
 */
export const registerView = (program: Command): void => {
  program
    .command('view')
    .description('see what engram learned: a local web app (127.0.0.1 only) with sessions, live timelines, memory and its provenance, learning and replay; --html FILE LOG... writes timelines to one self-contained file (docs/view.md)')
    .argument('[logs...]', 'with --html: the session logs (JSONL) to write')
    .option('--project <dir>', 'project folder (default: .)')
    .option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)')
    .option('--port <port>', 'port on 127.0.0.1 (default: a free one)', port)
    .option('--open', 'open the app in a browser when one is installed (xdg-open)')
    .option('--html <file>', 'write the timelines of LOG... to FILE (no server)')
    .action(async (logs: string[], opts: ViewOptions) => {
      const { runView } = await import('../view/run-view.js');
      process.exitCode = await runView(logs, opts);
    });
};
