import { Option, type Command } from 'commander';

/**
 * `engram replay FILE --format anton-acc [--json] [--nudges]`: replays a recorded trace through
 * the detectors. The implementation loads only when the command runs, so CLI start-up stays fast.
 */
export const registerReplay = (program: Command): void => {
  program
    .command('replay')
    .description('Re-derive lessons from a recorded trace (anton-acc: an Anton ACC event trace, replayed as one turn with the anton profile).')
    .argument('<file>', 'the trace file')
    .addOption(new Option('--format <format>', 'the trace format').choices(['anton-acc']).makeOptionMandatory())
    .option('--json', 'print JSON: the lessons, or {lessons, nudges} with --nudges', false)
    .option('--nudges', 'also evaluate mid-turn nudges at each round boundary', false)
    .action(async (file: string, opts: { format: 'anton-acc'; json: boolean; nudges: boolean }) => {
      const { runReplay } = await import('../replay/run-replay.js');
      process.exitCode = await runReplay(file, opts, {
        out: (text) => void process.stdout.write(text),
        err: (text) => void process.stderr.write(text),
      });
    });
};
