import { MemoryUsageError, parseScope } from '@engram/runtime';
import { screenText } from '@engram/cortex';
import { EngramKindSchema } from '@engram/events';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryAddOptions extends MemoryRootOptions {
  readonly kind?: string;
  readonly scope?: string;
  readonly json?: boolean;
  /** Ids (or exact texts) of the entries this one corrects. */
  readonly supersedes?: string[];
  /** Why, kept in the history with the retired entries. */
  readonly reason?: string;
}

/**
 * `engram memory add --kind K --scope S [--supersedes ID]... TEXT`: the user's own entry. It goes
 * through the cortex like every write (recorded as a proposal of origin `user`, which the gate
 * always lets through: the user is the authority the gate asks). `--supersedes` retires the named
 * entries into the history (`memory/history.jsonl`); a contradiction with an active entry is
 * judged the same way. Each retirement and contradiction is recorded in an event log of the
 * entry's scope (on PostgreSQL, the store's event log), so the audit sees it (`memory why` reads the chain from the history). Words the
 * write-time screen would have quarantined from the model are stored all the same (the user
 * vouches for them), with a note on stderr naming the reasons, so a pasted instruction is a
 * choice and not an accident.
 */
export const runMemoryAdd = (text: string, options: MemoryAddOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('add', io, async () => {
    const kind = EngramKindSchema.safeParse(options.kind ?? 'lesson');
    if (!kind.success) throw new MemoryUsageError({ reason: 'invalid', message: `--kind must be one of ${EngramKindSchema.options.join(', ')}` });
    const scope = parseScope(options.scope) ?? 'project';
    const corrects = (options.supersedes ?? []).map((s) => s.trim()).filter((s) => s !== '');
    if (options.supersedes !== undefined && corrects.length === 0) throw new MemoryUsageError({ reason: 'missing', message: '--supersedes needs the id (see `memory show`) or exact text of the entry it corrects' });
    const { addUserEntry, memoryText } = await import('@engram/runtime');
    const { result: r, notRetired: missing } = await addUserEntry(options, { text, kind: kind.data, scope, corrects, ...(options.reason === undefined ? {} : { reason: options.reason }) });
    if (options.json === true) io.out(`${JSON.stringify({ ...r, ...(corrects.length > 0 ? { notRetired: missing } : {}) })}\n`);
    else {
      const shown = memoryText.added(r, missing);
      io.out(shown.out);
      io.err(shown.notes);
    }
    const reasons = screenText(text);
    if (reasons.length > 0 && r.entry !== null)
      io.err(`engram memory add: note: the model's words like these would be quarantined (${reasons.map((x) => x.id).join(', ')}); stored because you wrote them. Remove with \`engram memory remove ${r.entry.id}\`.\n`);
    return r.status === 'refused' ? 1 : 0;
  });
