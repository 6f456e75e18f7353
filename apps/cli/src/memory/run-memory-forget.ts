import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryForgetOptions extends MemoryRootOptions {
  readonly yes?: boolean;
  readonly json?: boolean;
}

/**
 * `engram memory forget SUBJECT [--yes]`: the preview (what would go, per store, with counts and
 * ids), then with `--yes` the removal and redaction (docs/forget.md). Exit 0 done (or previewed),
 * 1 when files engram owns still hold the subject after `--yes` (or a link it would not follow may), 2 usage (a blank or too short subject,
 * a bad store setting), 3 a store that cannot be reached. On PostgreSQL (`--store`/`ENGRAM_STORE`)
 * the subject goes from the store (`forgetInStores`), and no file is touched.
 */
export const runMemoryForget = (subject: string, options: MemoryForgetOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('forget', io, async () => {
    const { forgetInActiveStore, memoryText } = await import('@engram/runtime');
    // A blank or too short subject is a SubjectError: exit 2 from its tag.
    const { store, report } = await forgetInActiveStore(options, subject, options.yes === true);
    const leftInEngramFiles = report.remaining.filter((f) => !report.items.some((i) => i.action === 'keep' && i.file === f));
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else {
      const text = memoryText.forget(report, store);
      io.out(text.out);
      io.err(text.notes);
    }
    return leftInEngramFiles.length > 0 ? 1 : 0;
  });
