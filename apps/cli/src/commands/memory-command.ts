import { LLM_OPTIONS } from '../llm/llm-options.js';
import type { MemoryAddOptions } from '../memory/run-memory-add.js';
import type { MemoryCompactOptions } from '../memory/run-memory-compact.js';
import type { MemoryContextOptions } from '../memory/run-memory-context.js';
import type { MemoryEditOptions } from '../memory/run-memory-edit.js';
import type { MemoryPendingOptions } from '../memory/run-memory-pending.js';
import type { MemoryQuarantineOptions } from '../memory/run-memory-quarantine.js';
import type { MemoryShowOptions } from '../memory/run-memory-show.js';
import type { MemoryStatsOptions } from '../memory/run-memory-stats.js';
import type { MemoryWhyOptions } from '../memory/run-memory-why.js';
import type { MemoryForgetOptions } from '../memory/run-memory-forget.js';
import type { MemoryPruneStaleOptions } from '../memory/run-memory-prune-stale.js';
import type { MemoryReindexOptions } from '../memory/run-memory-reindex.js';
import type { MemoryImportOptions } from '../memory/run-memory-import.js';
import type { MemoryTransferOptions } from '../memory/run-memory-transfer.js';
import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, ROOTS, SCOPE_BOTH, WHERE, collect, opt, required } from './shared-options.js';

const ALL = opt('--all', 'every pending entry');
const YES = opt('--yes', 'remove what the preview shows');
const NOW = opt('--now <iso>', 'the time the 60-day window ends (default: now)');
const PENDING_IDS = [['[ids...]', 'pending ids or numbers from `pending list`']] as const;
const HELD_IDS = [['<ids...>', 'quarantine ids or numbers from `quarantine list`']] as const;
const pending = () => import('../memory/run-memory-pending.js');
const quarantine = () => import('../memory/run-memory-quarantine.js');
const edit = () => import('../memory/run-memory-edit.js');

/**
 * `engram memory ...`: semantic memory and the encoding gate's queue (issue 4). The stores and
 * the cortex load only when a command runs. Exit 0 ok, 1 failure, 2 usage or settings error.
 */
export const memoryCommand: CommandSpec = {
  name: 'memory',
  description: 'long-term memory: rules, lessons, profile; the prompt block; pending confirmations; quarantine',
  commands: [
    { name: 'show', alias: 'list', description: 'list stored entries with their ids (of the active store: files or PostgreSQL)', options: [...WHERE, SCOPE_BOTH, JSON_OUT], run: async (o: MemoryShowOptions) => (await import('../memory/run-memory-show.js')).runMemoryShow(o) },
    { name: 'context', description: 'print exactly the memory block the next system prompt gets, and the scratchpad primer', options: [...ROOTS, opt('--message <text>', "the user's next message (rules sharing a word with it are preferred)"), opt('--json', 'print one JSON object with what was injected')],
      run: async (o: MemoryContextOptions) => (await import('../memory/run-memory-context.js')).runMemoryContext(o) },
    { name: 'add', description: 'store an entry', args: [['<text>', 'the rule, lesson or fact']],
      options: [
        ...WHERE,
        opt('--kind <kind>', 'always | never | when | lesson | profile', undefined, 'lesson'),
        opt('--scope <scope>', 'global or project', undefined, 'project'),
        opt('--supersedes <id>', 'retire this entry (id from `memory show`, or its exact text) into the history; repeatable', collect),
        opt('--reason <text>', 'why the entry is corrected (kept in the history)'),
        JSON_OUT,
      ],
      run: async (o: MemoryAddOptions, text: string) => (await import('../memory/run-memory-add.js')).runMemoryAdd(text, o) },
    { name: 'remove', description: 'remove an entry', args: [['<target>', 'the entry id (see show) or its exact text']], options: [...WHERE, SCOPE_BOTH], run: async (o: MemoryEditOptions, target: string) => (await edit()).runMemoryRemove(target, o) },
    { name: 'edit', description: "replace an entry's text, keeping its id", args: [['<target>', 'the entry id or its exact text'], ['<text>', 'the new text']], options: [...WHERE, SCOPE_BOTH],
      run: async (o: MemoryEditOptions, target: string, text: string) => (await edit()).runMemoryEdit(target, text, o) },
    {
      name: 'pending',
      description: 'entries copilot mode is waiting to have confirmed',
      commands: [
        { name: 'list', description: 'list pending entries, numbered, then what quarantine holds (flagged)', options: [...WHERE, opt('--json', 'print JSON'), opt('--quarantined', 'with --json: print { pending, quarantined }')], run: async (o: MemoryPendingOptions) => (await pending()).runPendingList(o) },
        { name: 'accept', description: 'store pending entries', args: PENDING_IDS, options: [...WHERE, ALL, opt('--json', 'print JSON')], run: async (o: MemoryPendingOptions, ids: string[]) => (await pending()).runPendingAccept(ids, o) },
        { name: 'reject', description: 'drop pending entries', args: PENDING_IDS, options: [...WHERE, ALL, opt('--json', 'print JSON')], run: async (o: MemoryPendingOptions, ids: string[]) => (await pending()).runPendingReject(ids, o) },
      ],
    },
    {
      name: 'quarantine',
      description: 'entries held at write time because they read as instructions to the agent (docs/memory-trust.md)',
      commands: [
        { name: 'list', description: 'list held entries with their reasons, numbered', options: [...WHERE, opt('--json', 'print JSON')], run: async (o: MemoryQuarantineOptions) => (await quarantine()).runQuarantineList(o) },
        { name: 'accept', description: 'vouch for held entries: store them with trust user', args: HELD_IDS, options: [...WHERE, opt('--json', 'print JSON')], run: async (o: MemoryQuarantineOptions, ids: string[]) => (await quarantine()).runQuarantineAccept(ids, o) },
        { name: 'reject', description: 'delete held entries for good', args: HELD_IDS, options: [...WHERE, opt('--json', 'print JSON')], run: async (o: MemoryQuarantineOptions, ids: string[]) => (await quarantine()).runQuarantineReject(ids, o) },
      ],
    },
    { name: 'compact', description: 'ask the model which entries are duplicates or superseded; show them, and remove them with --yes', options: [...LLM_OPTIONS, ...WHERE, SCOPE_BOTH, YES, opt('--json', 'print JSON')],
      run: async (o: MemoryCompactOptions) => (await import('../memory/run-memory-compact.js')).runMemoryCompact(o) },
    { name: 'why', description: 'where an entry came from: session, turn and the chain of causing events, from the event logs (of the active store: files or PostgreSQL)', args: [['<text>', 'the entry text, part of it, or its id']], options: [...WHERE, JSON_OUT],
      run: async (o: MemoryWhyOptions, text: string) => (await import('../memory/run-memory-why.js')).runMemoryWhy(text, o) },
    { name: 'forget', description: 'forget a subject everywhere: rules, lessons, profile, history, pending, quarantine, episodes and their index, skills, recipes, instincts; redact it from event logs. Shows what would go; --yes does it', args: [['<subject>', 'the text to forget (case and spacing do not matter; at least 3 characters)']],
      options: [...WHERE, opt('--yes', 'remove and redact what the preview shows'), JSON_OUT],
      run: async (o: MemoryForgetOptions, subject: string) => (await import('../memory/run-memory-forget.js')).runMemoryForget(subject, o) },
    { name: 'stats', description: 'the injection audit from the event logs (of the active store): injections per turn, hit rate, promotion precision, false-learning rate, background learning cost, stale rules', options: [...WHERE, JSON_OUT, opt('--now <iso>', 'the time the 60-day staleness window ends (default: now)')],
      run: async (o: MemoryStatsOptions) => (await import('../memory/run-memory-stats.js')).runMemoryStats(o) },
    { name: 'prune-stale', description: 'ageing out: show the rules and lessons no injection chose for 60 days; remove them with --yes', options: [...WHERE, YES, JSON_OUT, NOW],
      run: async (o: MemoryPruneStaleOptions) => (await import('../memory/run-memory-prune-stale.js')).runMemoryPruneStale(o) },
    { name: 'reindex', description: "rebuild the project's episode recall index from the episode files (on PostgreSQL: nothing to rebuild, says so)", options: [...WHERE, JSON_OUT],
      run: async (o: MemoryReindexOptions) => (await import('../memory/run-memory-reindex.js')).runMemoryReindex(o) },
    { name: 'export', description: "write the active store's memory (files or PostgreSQL) as Anton markdown: DIR/<scope>/{rules,lessons,profile}.md", options: [...WHERE, required('--to <dir>', 'an empty folder (or one without memory files)'), SCOPE_BOTH, JSON_OUT],
      run: async (o: MemoryTransferOptions) => (await import('../memory/run-memory-transfer.js')).runMemoryExport(o) },
    {
      name: 'import',
      description: 'read memory into the active store: --from DIR as `memory export` writes it, or --from-anton an Anton .anton tree (memory, episodes, skills); never overwrites',
      options: [
        ...WHERE,
        opt('--from <dir>', 'a folder holding global/ and/or project/ with rules.md, lessons.md, profile.md'),
        opt('--from-anton <dir>', 'the .anton folder (or the folder holding it)'),
        opt('--scope <scope>', 'which scopes (--from; default both) or where rules and lessons go (--from-anton; default global for ~/.anton, else project)'),
        JSON_OUT,
      ],
      run: async (o: MemoryImportOptions & MemoryTransferOptions) => {
        if ((o.from === undefined) === (o.fromAnton === undefined)) {
          process.stderr.write('engram memory import: give exactly one of --from DIR or --from-anton DIR\n');
          return 2;
        }
        if (o.from !== undefined) return (await import('../memory/run-memory-transfer.js')).runMemoryImportFolder(o);
        return (await import('../memory/run-memory-import.js')).runMemoryImport(o);
      },
    },
  ],
};
