import type { Command } from 'commander';
import { addLlmOptions } from '../llm/llm-options.js';
import type { MemoryAddOptions } from '../memory/run-memory-add.js';
import type { MemoryCompactOptions } from '../memory/run-memory-compact.js';
import type { MemoryContextOptions } from '../memory/run-memory-context.js';
import type { MemoryEditOptions } from '../memory/run-memory-edit.js';
import type { MemoryPendingOptions } from '../memory/run-memory-pending.js';
import type { MemoryQuarantineOptions } from '../memory/run-memory-quarantine.js';
import type { MemoryShowOptions } from '../memory/run-memory-show.js';
import type { MemoryWhyOptions } from '../memory/run-memory-why.js';
import type { MemoryForgetOptions } from '../memory/run-memory-forget.js';
import type { MemoryReindexOptions } from '../memory/run-memory-reindex.js';
import type { MemoryImportOptions } from '../memory/run-memory-import.js';
import type { MemoryTransferOptions } from '../memory/run-memory-transfer.js';

/** `--home` and `--project` on every memory command. */
const roots = (c: Command): Command =>
  c.option('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)').option('--project <dir>', 'project folder whose .engram/memory is used (default: .)');

/** `--store` and `--tenant` on the commands that work on the active store (files or PostgreSQL). */
const stores = (c: Command): Command =>
  c.option('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files)').option('--tenant <name>', 'the tenant (env ENGRAM_TENANT; default "default")');

/**
 * `engram memory ...`: semantic memory and the encoding gate's queue (issue 4). The stores and
 * the cortex load only when a command runs. Exit 0 ok, 1 failure, 2 usage or settings error.
 */
export const registerMemory = (program: Command): void => {
  const memory = program.command('memory').description('long-term memory: rules, lessons, profile; the prompt block; pending confirmations; quarantine');

  stores(roots(memory.command('show').alias('list').description('list stored entries with their ids (of the active store: files or PostgreSQL)')))
    .option('--scope <scope>', 'global or project (default: both)')
    .option('--json', 'print one JSON object')
    .action(async (o: MemoryShowOptions) => {
      const { runMemoryShow } = await import('../memory/run-memory-show.js');
      process.exitCode = await runMemoryShow(o);
    });

  roots(memory.command('context').description('print exactly the memory block the next system prompt gets, and the scratchpad primer'))
    .option('--message <text>', "the user's next message (rules sharing a word with it are preferred)")
    .option('--json', 'print one JSON object with what was injected')
    .action(async (o: MemoryContextOptions) => {
      const { runMemoryContext } = await import('../memory/run-memory-context.js');
      process.exitCode = await runMemoryContext(o);
    });

  stores(roots(memory.command('add').description('store an entry').argument('<text>', 'the rule, lesson or fact')))
    .option('--kind <kind>', 'always | never | when | lesson | profile', 'lesson')
    .option('--scope <scope>', 'global or project', 'project')
    .option('--supersedes <id>', 'retire this entry (id from `memory show`, or its exact text) into the history; repeatable', (v: string, prev: string[] = []) => [...prev, v])
    .option('--reason <text>', 'why the entry is corrected (kept in the history)')
    .option('--json', 'print one JSON object')
    .action(async (text: string, o: MemoryAddOptions) => {
      const { runMemoryAdd } = await import('../memory/run-memory-add.js');
      process.exitCode = await runMemoryAdd(text, o);
    });

  stores(roots(memory.command('remove').description('remove an entry').argument('<target>', 'the entry id (see show) or its exact text')))
    .option('--scope <scope>', 'global or project (default: both)')
    .action(async (target: string, o: MemoryEditOptions) => {
      const { runMemoryRemove } = await import('../memory/run-memory-edit.js');
      process.exitCode = await runMemoryRemove(target, o);
    });

  stores(roots(memory.command('edit').description("replace an entry's text, keeping its id").argument('<target>', 'the entry id or its exact text').argument('<text>', 'the new text')))
    .option('--scope <scope>', 'global or project (default: both)')
    .action(async (target: string, text: string, o: MemoryEditOptions) => {
      const { runMemoryEdit } = await import('../memory/run-memory-edit.js');
      process.exitCode = await runMemoryEdit(target, text, o);
    });

  const pending = memory.command('pending').description('entries copilot mode is waiting to have confirmed');
  stores(roots(pending.command('list').description('list pending entries, numbered, then what quarantine holds (flagged)')))
    .option('--json', 'print JSON')
    .option('--quarantined', 'with --json: print { pending, quarantined }')
    .action(async (o: MemoryPendingOptions) => {
      const { runPendingList } = await import('../memory/run-memory-pending.js');
      process.exitCode = await runPendingList(o);
    });
  stores(roots(pending.command('accept').description('store pending entries').argument('[ids...]', 'pending ids or numbers from `pending list`')))
    .option('--all', 'every pending entry')
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: MemoryPendingOptions) => {
      const { runPendingAccept } = await import('../memory/run-memory-pending.js');
      process.exitCode = await runPendingAccept(ids, o);
    });
  stores(roots(pending.command('reject').description('drop pending entries').argument('[ids...]', 'pending ids or numbers from `pending list`')))
    .option('--all', 'every pending entry')
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: MemoryPendingOptions) => {
      const { runPendingReject } = await import('../memory/run-memory-pending.js');
      process.exitCode = await runPendingReject(ids, o);
    });

  const quarantine = memory.command('quarantine').description('entries held at write time because they read as instructions to the agent (docs/memory-trust.md)');
  stores(roots(quarantine.command('list').description('list held entries with their reasons, numbered')))
    .option('--json', 'print JSON')
    .action(async (o: MemoryQuarantineOptions) => {
      const { runQuarantineList } = await import('../memory/run-memory-quarantine.js');
      process.exitCode = await runQuarantineList(o);
    });
  stores(roots(quarantine.command('accept').description('vouch for held entries: store them with trust user').argument('<ids...>', 'quarantine ids or numbers from `quarantine list`')))
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: MemoryQuarantineOptions) => {
      const { runQuarantineAccept } = await import('../memory/run-memory-quarantine.js');
      process.exitCode = await runQuarantineAccept(ids, o);
    });
  stores(roots(quarantine.command('reject').description('delete held entries for good').argument('<ids...>', 'quarantine ids or numbers from `quarantine list`')))
    .option('--json', 'print JSON')
    .action(async (ids: string[], o: MemoryQuarantineOptions) => {
      const { runQuarantineReject } = await import('../memory/run-memory-quarantine.js');
      process.exitCode = await runQuarantineReject(ids, o);
    });

  stores(roots(addLlmOptions(memory.command('compact').description('ask the model which entries are duplicates or superseded; show them, and remove them with --yes'))))
    .option('--scope <scope>', 'global or project (default: both)')
    .option('--yes', 'remove what the preview shows')
    .option('--json', 'print JSON')
    .action(async (o: MemoryCompactOptions) => {
      const { runMemoryCompact } = await import('../memory/run-memory-compact.js');
      process.exitCode = await runMemoryCompact(o);
    });

  stores(roots(memory.command('why').description('where an entry came from: session, turn and the chain of causing events, from the event logs (of the active store: files or PostgreSQL)').argument('<text>', 'the entry text, part of it, or its id')))
    .option('--json', 'print one JSON object')
    .action(async (text: string, o: MemoryWhyOptions) => {
      const { runMemoryWhy } = await import('../memory/run-memory-why.js');
      process.exitCode = await runMemoryWhy(text, o);
    });

  stores(
    roots(
      memory
        .command('forget')
        .description('forget a subject everywhere: rules, lessons, profile, history, pending, quarantine, episodes and their index, skills, recipes, instincts; redact it from event logs. Shows what would go; --yes does it')
        .argument('<subject>', 'the text to forget (case and spacing do not matter; at least 3 characters)'),
    ),
  )
    .option('--yes', 'remove and redact what the preview shows')
    .option('--json', 'print one JSON object')
    .action(async (subject: string, o: MemoryForgetOptions) => {
      const { runMemoryForget } = await import('../memory/run-memory-forget.js');
      process.exitCode = await runMemoryForget(subject, o);
    });

  stores(
    roots(
      memory
        .command('stats')
        .description('the injection audit from the event logs (of the active store): injections per turn, hit rate, promotion precision, false-learning rate, background learning cost, stale rules'),
    ),
  )
    .option('--json', 'print one JSON object')
    .option('--now <iso>', 'the time the 60-day staleness window ends (default: now)')
    .action(async (o: { home?: string; project?: string; json?: boolean; now?: string; store?: string; tenant?: string }) => {
      process.exitCode = await (await import('../memory/run-memory-stats.js')).runMemoryStats(o);
    });

  stores(roots(memory.command('prune-stale').description('ageing out: show the rules and lessons no injection chose for 60 days; remove them with --yes')))
    .option('--yes', 'remove what the preview shows')
    .option('--json', 'print one JSON object')
    .option('--now <iso>', 'the time the 60-day window ends (default: now)')
    .action(async (o: { home?: string; project?: string; yes?: boolean; json?: boolean; now?: string; store?: string; tenant?: string }) => {
      const { runMemoryPruneStale } = await import('../memory/run-memory-prune-stale.js');
      process.exitCode = await runMemoryPruneStale(o);
    });

  stores(roots(memory.command('reindex').description("rebuild the project's episode recall index from the episode files (on PostgreSQL: nothing to rebuild, says so)")))
    .option('--json', 'print one JSON object')
    .action(async (o: MemoryReindexOptions) => {
      const { runMemoryReindex } = await import('../memory/run-memory-reindex.js');
      process.exitCode = await runMemoryReindex(o);
    });

  stores(roots(memory.command('export').description('write the active store\'s memory (files or PostgreSQL) as Anton markdown: DIR/<scope>/{rules,lessons,profile}.md')))
    .requiredOption('--to <dir>', 'an empty folder (or one without memory files)')
    .option('--scope <scope>', 'global or project (default: both)')
    .option('--json', 'print one JSON object')
    .action(async (o: MemoryTransferOptions) => {
      const { runMemoryExport } = await import('../memory/run-memory-transfer.js');
      process.exitCode = await runMemoryExport(o);
    });

  stores(roots(memory.command('import').description('read memory into the active store: --from DIR as `memory export` writes it, or --from-anton an Anton .anton tree (memory, episodes, skills); never overwrites')))
    .option('--from <dir>', 'a folder holding global/ and/or project/ with rules.md, lessons.md, profile.md')
    .option('--from-anton <dir>', 'the .anton folder (or the folder holding it)')
    .option('--scope <scope>', 'which scopes (--from; default both) or where rules and lessons go (--from-anton; default global for ~/.anton, else project)')
    .option('--json', 'print one JSON object')
    .action(async (o: MemoryImportOptions & MemoryTransferOptions) => {
      if ((o.from === undefined) === (o.fromAnton === undefined)) {
        process.stderr.write('engram memory import: give exactly one of --from DIR or --from-anton DIR\n');
        process.exitCode = 2;
        return;
      }
      if (o.from !== undefined) {
        const { runMemoryImportFolder } = await import('../memory/run-memory-transfer.js');
        process.exitCode = await runMemoryImportFolder(o);
        return;
      }
      const { runMemoryImport } = await import('../memory/run-memory-import.js');
      process.exitCode = await runMemoryImport(o);
    });
};
