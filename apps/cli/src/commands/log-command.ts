import type { Command } from 'commander';
import { numberOption } from './number-option.js';

/** `tail -n`: at most a million lines, more than any terminal shows. */
const lines = numberOption({ kind: 'integer', min: 1, max: 1_000_000 });
/** `prune --older-than`: at least one day (0 would remove the log of the session running now), at most a century. */
const days = numberOption({ kind: 'integer', min: 1, max: 36_500 });

const STORE_HELP = 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files)';
const TENANT_HELP = 'the tenant (env ENGRAM_TENANT; default "default")';

/** `engram log ...`: inspect and validate event logs. */
export const registerLog = (program: Command): void => {
  const log = program.command('log').description('inspect and validate event logs (one JSONL file per session)');
  log
    .command('validate')
    .description('check every line of one or more logs; exit 0 when clean, 1 listing `file:line: field: problem` for each bad line (a torn tail included)')
    .argument('<file...>', 'log files')
    .option('--json', 'print one JSON object instead of text')
    .action(async (files: string[], opts: { json?: boolean }) => {
      process.exitCode = (await import('../log/validate-log.js')).validateLog(files, opts);
    });
  log
    .command('stats')
    .description('events by type, sessions, turns and time span of one or more logs')
    .argument('<file...>', 'log files')
    .option('--json', 'print JSON')
    .action(async (files: string[], opts: { json?: boolean }) => {
      process.exitCode = (await import('../log/log-stats.js')).logStats(files, opts);
    });
  log
    .command('list')
    .description("the sessions of the active event log with their event counts and first and last times: the file logs (project, then home), or the tenant's sessions in PostgreSQL when --store/ENGRAM_STORE is set")
    .option('--store <url>', STORE_HELP)
    .option('--tenant <name>', TENANT_HELP)
    .option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)')
    .option('--project <dir>', 'project folder (default: .)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { store?: string; tenant?: string; home?: string; project?: string; json?: boolean }) => {
      process.exitCode = await (await import('../log/list-logs.js')).listLogs(opts);
    });
  log
    .command('tail')
    .description('print the last events of a log; with --follow, keep printing new ones as they are appended (Ctrl-C stops). With --store/ENGRAM_STORE, LOG is a session id in PostgreSQL, followed through LISTEN wake-ups')
    .argument('<log>', 'log file, or a session id (of the file store, or of PostgreSQL when a store is set)')
    .option('-n, --lines <n>', 'how many of the last events to print', lines, 10)
    .option('-f, --follow', 'wait for new events')
    .option('--json', 'print events as JSON lines')
    .option('--store <url>', STORE_HELP)
    .option('--tenant <name>', TENANT_HELP)
    .option('--home <dir>', 'global root where a session id is looked up (default: $ENGRAM_HOME or ~/.engram)')
    .option('--project <dir>', 'project folder where a session id is looked up (default: .)')
    .action(async (file: string, opts: { lines: number; follow?: boolean; json?: boolean; store?: string; tenant?: string; home?: string; project?: string }) => {
      process.exitCode = await (await import('../log/tail-log.js')).tailLog(file, opts);
    });
  log
    .command('export')
    .description("write one session's events as the file log holds them (JSONL), from PostgreSQL when --store/ENGRAM_STORE is set, else from the file log; `engram replay FILE --check` reads it unchanged")
    .requiredOption('--session <id>', 'the session id')
    .option('--out <file>', 'write here (atomically) instead of stdout')
    .option('--store <url>', STORE_HELP)
    .option('--tenant <name>', TENANT_HELP)
    .option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)')
    .option('--project <dir>', 'project folder (default: .)')
    .action(async (opts: { session: string; out?: string; store?: string; tenant?: string; home?: string; project?: string }) => {
      process.exitCode = await (await import('../log/export-log.js')).exportLog(opts);
    });
  log
    .command('prune')
    .description('remove event logs (project and global) and project episodes older than DAYS, judged by the session id in the name, else the modification time')
    .requiredOption('--older-than <days>', 'age in whole days, at least 1', days)
    .option('--dry-run', 'only print what would be removed')
    .option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)')
    .option('--project <dir>', 'project folder (default: .)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { olderThan: number; dryRun?: boolean; home?: string; project?: string; json?: boolean }) => {
      process.exitCode = await (await import('../log/prune-logs.js')).pruneLogs(opts);
    });
};
