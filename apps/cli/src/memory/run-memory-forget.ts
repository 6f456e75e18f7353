import { MemoryUsageError, defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

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
    const { SubjectError } = await import('@engram/kernel');
    const { forgetInActiveStore } = await import('@engram/runtime');
    const { store, report } = await forgetInActiveStore(options, subject, options.yes === true).catch((err: unknown) => {
      throw err instanceof SubjectError ? new MemoryUsageError(err.message) : err;
    });
    const leftInEngramFiles = report.remaining.filter((f) => !report.items.some((i) => i.action === 'keep' && i.file === f));
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else {
      io.out(report.applied ? 'forgotten:\n' : 'would forget (run again with --yes to do it):\n');
      const searched = report.remaining.length === 0 ? '' : ' that engram searched';
      if (report.items.length === 0) io.out(store === 'files' ? `  nothing under the home or the project${searched} mentions it\n` : '  nothing in the store mentions it\n');
      for (const i of report.items) {
        const what = i.action === 'redact' ? `${i.count} occurrence(s) redacted as ${report.marker}` : i.action === 'rebuild' ? 'rebuilt from the remaining episodes' : i.action === 'keep' ? 'your own file: not changed' : `${i.count} removed`;
        const ids = i.ids.length === 0 ? '' : ` [${i.ids.slice(0, 20).join(', ')}${i.ids.length > 20 ? `, ... ${i.ids.length - 20} more` : ''}]`;
        io.out(`  ${i.store.padEnd(13)} ${what}  ${i.file}${ids}\n`);
      }
      const links = new Set(report.notSearched);
      for (const f of report.remaining) io.err(links.has(f) ? `note: a link, never followed, so not searched: ${f}\n` : `note: still holds it: ${f}\n`);
    }
    return leftInEngramFiles.length > 0 ? 1 : 0;
  });
