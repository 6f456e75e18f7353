import { screenText } from '@engram/cortex';
import { EngramKindSchema } from '@engram/events';
import { scrubSecrets } from '@engram/kernel';
import { MemoryUsageError, defaultIo, openMemory, parseScope, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryAddOptions extends MemoryRootOptions {
  readonly kind?: string;
  readonly scope?: string;
  readonly json?: boolean;
}

/**
 * `engram memory add --kind K --scope S TEXT`: the user's own entry. It goes through the cortex
 * like every write (recorded as a proposal of origin `user`, which the gate always lets
 * through: the user is the authority the gate asks). Words the write-time screen would have
 * quarantined from the model are stored all the same (the user vouches for them), with a note on
 * stderr naming the reasons, so a pasted instruction is a choice and not an accident.
 */
export const runMemoryAdd = (text: string, options: MemoryAddOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('add', io, async () => {
    const kind = EngramKindSchema.safeParse(options.kind ?? 'lesson');
    if (!kind.success) throw new MemoryUsageError(`--kind must be one of ${EngramKindSchema.options.join(', ')}`);
    const scope = parseScope(options.scope) ?? 'project';
    const { cortex } = openMemory(options);
    const r = await cortex.propose({ engram: { text: scrubSecrets(text), kind: kind.data, scope, confidence: 'high', topic: null, source: 'user' }, origin: 'user' });
    if (options.json === true) io.out(`${JSON.stringify(r)}\n`);
    else io.out(`${r.status}${r.entry === null ? '' : ` ${r.entry.id}`}${r.location === null ? '' : ` (${r.location})`}${r.reason === null ? '' : `: ${r.reason}`}\n`);
    const reasons = screenText(text);
    if (reasons.length > 0 && r.entry !== null)
      io.err(`engram memory add: note: the model's words like these would be quarantined (${reasons.map((x) => x.id).join(', ')}); stored because you wrote them. Remove with \`engram memory remove ${r.entry.id}\`.\n`);
    return r.status === 'refused' ? 1 : 0;
  });
