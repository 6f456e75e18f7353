import type { Brain, InstinctOptions } from '@engram/runtime';
import type { MemoryFlags } from '@engram/runtime';
import { runCommand } from '../exit/exit-code-of.js';
import { defaultIo, type MemoryIo } from '../memory/open-memory.js';

/** The flags every `engram instincts` command takes. */
export interface InstinctFlags extends MemoryFlags {
  readonly scope?: string;
  readonly now?: string;
  readonly json?: boolean;
}

export type LoopCommand = 'analyze' | 'promote' | 'archive';

/** Runs a body on the brain the flags open (the runtime's `withInstinctBrain`); a failure's exit code is read from its tag (`runCommand`). */
const guarded = (name: string, io: MemoryIo, o: InstinctFlags, body: (brain: Brain, opts: InstinctOptions) => Promise<number>): Promise<number> =>
  runCommand(`engram instincts ${name}`, io.err, async () => (await import('@engram/runtime')).withInstinctBrain(o, body));

/**
 * `analyze`, `promote`, `archive [id]` (`brain.instincts`). Promotions and archives are also
 * recorded as events; a failure there is reported (exit 1) after the instinct files are written,
 * so nothing decided is lost.
 */
export const runLoop = (command: LoopCommand, options: InstinctFlags & { id?: string }, io: MemoryIo = defaultIo): Promise<number> =>
  guarded(command, io, options, async (brain, opts) => {
    const r = await (command === 'archive' ? brain.instincts.archive(options.id === undefined ? opts : { ...opts, id: options.id }) : brain.instincts[command](opts));
    for (const p of r.problems) io.err(`warning: ${p}\n`);
    io.out((await import('@engram/runtime')).instinctText.run(command, r, options.json === true));
    if (r.auditError === null) return 0;
    io.err(`engram instincts ${command}: instinct files written, but recording the audit events in ${r.eventsDir} failed: ${r.auditError.message}\n`);
    return 1;
  });

/** `list`: the tracked instincts (with `--all`, the archived ones too), strongest first. */
export const runList = (options: InstinctFlags & { all?: boolean }, io: MemoryIo = defaultIo): Promise<number> =>
  guarded('list', io, options, async (brain, opts) => {
    const listed = await brain.instincts.list({ ...opts, all: options.all === true });
    for (const p of listed.problems) io.err(`warning: ${p}\n`);
    io.out((await import('@engram/runtime')).instinctText.list(listed, options.json === true));
    return 0;
  });

/** `show <id>`: one instinct, tracked or archived, with the file it lives in. Exit 1 when unknown. */
export const runShow = (id: string, options: InstinctFlags, io: MemoryIo = defaultIo): Promise<number> =>
  guarded('show', io, options, async (brain, opts) => {
    const { instinctsDir, found } = await brain.instincts.show(id, opts);
    if (found === null) {
      io.err(`engram instincts show: no instinct ${JSON.stringify(id)} in ${instinctsDir}\n`);
      return 1;
    }
    io.out((await import('@engram/runtime')).instinctText.show(found.instinct, found.file, options.json === true));
    return 0;
  });
