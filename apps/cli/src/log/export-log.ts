import { writeFileAtomic } from '@engram/fs';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sessionEvents, type MemoryFlags } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';

export interface ExportLogOptions extends MemoryFlags {
  readonly session: string;
  readonly out?: string;
}

/**
 * `engram log export --session ID [--out FILE]`: the session's JSONL exactly as the file log holds
 * it (from PostgreSQL when the store is set, byte for byte as appended), so `engram replay FILE
 * --check` works unchanged. Written atomically (never through a link), or to stdout.
 */
export const exportLog = async (opts: ExportLogOptions): Promise<number> => {
  const found = await sessionEvents(opts.session, opts);
  if (found.kind === 'problem') {
    process.stderr.write(`engram log export: ${found.error.message}\n`);
    return exitCodeOf(found.error);
  }
  const data = found.kind === 'file' ? readFileSync(found.file) : Buffer.from(found.lines.join(''), 'utf8');
  if (opts.out === undefined) process.stdout.write(data);
  else {
    const out = resolve(opts.out);
    writeFileAtomic(out, data, { root: dirname(out) });
    process.stderr.write(`engram log export: ${found.kind === 'file' ? found.file : found.label} -> ${out} (${data.length} bytes)\n`);
  }
  return 0;
};
