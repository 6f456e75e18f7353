import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, ROOTS, STORES, numberOption, opt, required } from './shared-options.js';

/** `tail -n`: at most a million lines, more than any terminal shows. */
const lines = numberOption({ kind: 'integer', min: 1, max: 1_000_000 });
/** `prune --older-than`: at least one day (0 would remove the log of the session running now), at most a century. */
const days = numberOption({ kind: 'integer', min: 1, max: 36_500 });
const FILES = [['<file...>', 'log files']] as const;

/** `engram log ...`: inspect and validate event logs. */
export const logCommand: CommandSpec = {
  name: 'log',
  description: 'inspect and validate event logs (one JSONL file per session)',
  commands: [
    { name: 'validate', description: 'check every line of one or more logs; exit 0 when clean, 1 listing `file:line: field: problem` for each bad line (a torn tail included)', args: FILES, options: [opt('--json', 'print one JSON object instead of text')],
      run: async (o: { json?: boolean }, files: string[]) => (await import('../log/validate-log.js')).validateLog(files, o) },
    { name: 'stats', description: 'events by type, sessions, turns and time span of one or more logs', args: FILES, options: [opt('--json', 'print JSON')], run: async (o: { json?: boolean }, files: string[]) => (await import('../log/log-stats.js')).logStats(files, o) },
    { name: 'list', description: "the sessions of the active event log with their event counts and first and last times: the file logs (project, then home), or the tenant's sessions in PostgreSQL when --store/ENGRAM_STORE is set", options: [...STORES, ...ROOTS, JSON_OUT],
      run: async (o: { store?: string; tenant?: string; home?: string; project?: string; json?: boolean }) => (await import('../log/list-logs.js')).listLogs(o) },
    { name: 'tail', description: 'print the last events of a log; with --follow, keep printing new ones as they are appended (Ctrl-C stops). With --store/ENGRAM_STORE, LOG is a session id in PostgreSQL, followed through LISTEN wake-ups', args: [['<log>', 'log file, or a session id (of the file store, or of PostgreSQL when a store is set)']],
      options: [opt('-n, --lines <n>', 'how many of the last events to print', lines, 10), opt('-f, --follow', 'wait for new events'), opt('--json', 'print events as JSON lines'), ...STORES, ...ROOTS],
      run: async (o: { lines: number; follow?: boolean; json?: boolean; store?: string; tenant?: string; home?: string; project?: string }, file: string) => (await import('../log/tail-log.js')).tailLog(file, o) },
    { name: 'export', description: "write one session's events as the file log holds them (JSONL), from PostgreSQL when --store/ENGRAM_STORE is set, else from the file log; `engram replay FILE --check` reads it unchanged",
      options: [required('--session <id>', 'the session id'), opt('--out <file>', 'write here (atomically) instead of stdout'), ...STORES, ...ROOTS],
      run: async (o: { session: string; out?: string; store?: string; tenant?: string; home?: string; project?: string }) => (await import('../log/export-log.js')).exportLog(o) },
    { name: 'prune', description: 'remove event logs (project and global) and project episodes older than DAYS, judged by the session id in the name, else the modification time',
      options: [required('--older-than <days>', 'age in whole days, at least 1', days), opt('--dry-run', 'only print what would be removed'), ...ROOTS, JSON_OUT],
      run: async (o: { olderThan: number; dryRun?: boolean; home?: string; project?: string; json?: boolean }) => (await import('../log/prune-logs.js')).pruneLogs(o) },
  ],
};
