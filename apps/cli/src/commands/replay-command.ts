import { Option, type Command } from 'commander';

interface ReplayCommandOptions {
  format: 'engram' | 'anton-acc';
  check: boolean;
  params?: string;
  json: boolean;
  nudges: boolean;
}

const usage = (message: string): void => {
  process.stderr.write(`engram replay: ${message}\n`);
  process.exitCode = 2;
};

/**
 * `engram replay LOG... [--check] [--params FILE] [--json]` refolds every region core over
 * recorded engram session logs; `engram replay FILE --format anton-acc [--json] [--nudges]`
 * replays an Anton ACC trace through the detectors. The implementations load only when the
 * command runs, so CLI start-up stays fast.
 */
export const registerReplay = (program: Command): void => {
  program
    .command('replay')
    .description('Re-derive what was learned from recorded logs (per turn: detector firings, nudges, lessons, memory proposals and encodings); --check compares with the recording, --params asks what-if.')
    .argument('<logs...>', 'engram session logs (JSONL), or one Anton trace with --format anton-acc')
    .addOption(new Option('--format <format>', 'engram: session logs; anton-acc: an Anton ACC event trace, replayed as one turn with the anton profile').choices(['engram', 'anton-acc']).default('engram'))
    .option('--check', 'exit 1 unless the derived events equal the recorded ones (prints the first divergence and the count)', false)
    .option('--params <file>', 'what-if: JSON keyed by detector id ({"acc.repeated-tool-error": {"minRun": 3}}) or a profile name ("anton", {"profile": "engram"})')
    .option('--json', 'print one JSON object (anton-acc: the lessons, or {lessons, nudges} with --nudges)', false)
    .option('--nudges', 'anton-acc: also evaluate mid-turn nudges at each round boundary', false)
    .action(async (logs: string[], opts: ReplayCommandOptions) => {
      const io = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
      if (opts.format === 'anton-acc') {
        if (logs.length !== 1) return usage('--format anton-acc replays exactly one trace');
        if (opts.check || opts.params !== undefined) return usage('--check and --params apply to engram logs, not to --format anton-acc');
        const { runReplay } = await import('../replay/run-replay.js');
        process.exitCode = await runReplay(logs[0] ?? '', { format: 'anton-acc', json: opts.json, nudges: opts.nudges }, io);
        return;
      }
      if (opts.nudges) return usage('--nudges applies to --format anton-acc (engram logs always show their nudges)');
      const { runEngramReplay } = await import('../replay/run-engram-replay.js');
      process.exitCode = await runEngramReplay(logs, { check: opts.check, json: opts.json, ...(opts.params === undefined ? {} : { params: opts.params }) }, io);
    });
};
