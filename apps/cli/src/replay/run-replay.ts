import { exitCodeOf } from '../exit/exit-code-of.js';
import type { MemoryIo } from '../memory/open-memory.js';
import { readFile } from 'node:fs/promises';
import { formatAntonAcc, parseAntonTrace, TraceError, replayAntonAcc } from '@engram/replay';

export interface ReplayOptions {
  readonly format: 'anton-acc';
  readonly json: boolean;
  readonly nudges: boolean;
}

/**
 * `engram replay FILE --format anton-acc`: re-derives the ACC lessons (and nudges) an Anton
 * trace implies. Skipped entries and faulted detectors are reported on stderr and do not fail the
 * run; an unreadable file or a file that is not a JSON array does (exit 1).
 */
export const runReplay = async (file: string, opts: ReplayOptions, io: MemoryIo): Promise<number> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    io.err(`engram replay: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  try {
    const trace = parseAntonTrace(text, file);
    for (const s of trace.skipped) io.err(`engram replay: ${file}: event ${s.index}: ${s.reason}; skipped\n`);
    const result = replayAntonAcc(trace, { nudges: opts.nudges });
    for (const f of result.faults) {
      const where = f.traceIndex === null ? 'at its verdict' : `at event ${f.traceIndex}`;
      io.err(`engram replay: ${file}: ${f.antonDetector} failed ${where} (${f.message}); its verdict is left out\n`);
    }
    if (opts.json) io.out(`${JSON.stringify(opts.nudges ? { lessons: result.lessons, nudges: result.nudges } : result.lessons, null, 2)}\n`);
    else io.out(formatAntonAcc(result, opts.nudges));
    return 0;
  } catch (err) {
    if (!(err instanceof TraceError)) throw err;
    io.err(`engram replay: ${err.message}\n`);
    return exitCodeOf(err);
  }
};
