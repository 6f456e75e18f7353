import type { CommandSpec } from './command-spec.js';
import { opt } from './shared-options.js';

interface ReplayCommandOptions {
  format: 'engram' | 'anton-acc';
  check: boolean;
  params?: string;
  json: boolean;
  nudges: boolean;
  session?: string;
  store?: string;
  tenant?: string;
  home?: string;
  project?: string;
}

const usage = (message: string): number => {
  process.stderr.write(`engram replay: ${message}\n`);
  return 2;
};

/**
 * `engram replay LOG... [--check] [--params FILE] [--json]` refolds every region core over
 * recorded engram session logs; `engram replay FILE --format anton-acc [--json] [--nudges]`
 * replays an Anton ACC trace through the detectors. The implementations load only when the
 * command runs, so CLI start-up stays fast.
 */
export const replayCommand: CommandSpec = {
  name: 'replay',
  description: 'Re-derive what was learned from recorded logs (per turn: detector firings, nudges, lessons, memory proposals and encodings); --check compares with the recording, --params asks what-if.',
  args: [['[logs...]', 'engram session logs (JSONL), or one Anton trace with --format anton-acc']],
  options: [
    opt('--session <id>', 'replay this session from the active event log (PostgreSQL when --store/ENGRAM_STORE is set, else the file log) instead of files'),
    opt('--store <url>', 'with --session: the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE)'),
    opt('--tenant <name>', 'with --session: the tenant (env ENGRAM_TENANT; default "default")'),
    opt('--home <dir>', 'with --session and the files: global root (default: $ENGRAM_HOME or ~/.engram)'),
    opt('--project <dir>', 'with --session and the files: project folder (default: .)'),
    { ...opt('--format <format>', 'engram: session logs; anton-acc: an Anton ACC event trace, replayed as one turn with the anton profile', undefined, 'engram'), choices: ['engram', 'anton-acc'] },
    opt('--check', 'exit 1 unless the derived events equal the recorded ones (prints the first divergence and the count)', undefined, false),
    opt('--params <file>', 'what-if: JSON keyed by detector id ({"acc.repeated-tool-error": {"minRun": 3}}) or a profile name ("anton", {"profile": "engram"})'),
    opt('--json', 'print one JSON object (anton-acc: the lessons, or {lessons, nudges} with --nudges)', undefined, false),
    opt('--nudges', 'anton-acc: also evaluate mid-turn nudges at each round boundary', undefined, false),
  ],
  run: async (opts: ReplayCommandOptions, logs: string[]) => {
    const io = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
    if ((opts.session === undefined) === (logs.length === 0)) return usage('give log files or --session ID (one of the two)');
    if (opts.format === 'anton-acc') {
      if (logs.length !== 1) return usage('--format anton-acc replays exactly one trace (not --session)');
      if (opts.check || opts.params !== undefined) return usage('--check and --params apply to engram logs, not to --format anton-acc');
      return (await import('../replay/run-replay.js')).runReplay(logs[0] ?? '', { format: 'anton-acc', json: opts.json, nudges: opts.nudges }, io);
    }
    if (opts.nudges) return usage('--nudges applies to --format anton-acc (engram logs always show their nudges)');
    const [{ replayLogs }, { percent, progress }] = await Promise.all([import('@engram/replay'), import('../output/progress.js')]);
    let sources: Parameters<typeof replayLogs>[0] = logs;
    if (opts.session !== undefined) {
      const source = await (await import('../replay/session-source.js')).sessionReplaySource(opts.session, opts);
      if (typeof source === 'object' && 'exit' in source) {
        io.err(`engram replay: ${source.message}\n`);
        return source.exit;
      }
      sources = [source];
    }
    const bar = progress(process.stderr.isTTY === true && !opts.json);
    const shown = { ...io, progress: (label: string, done: number, total: number) => bar.update(`replay ${label}: reading and folding ${percent(done, total)}`), progressDone: () => bar.done() };
    return replayLogs(sources, { check: opts.check, json: opts.json, ...(opts.params === undefined ? {} : { params: opts.params }) }, shown);
  },
};
