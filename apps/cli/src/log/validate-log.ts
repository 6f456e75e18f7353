import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { isSessionId } from '@engram/kernel';
import { formatProblem, readLogFile } from '@engram/store';
import { percent, progress } from '../output/progress.js';

/**
 * `engram log validate FILE...`: exit 0 when every line is a valid event of the log's session
 * with a rising seq, else 1 listing each problem (file, line, field). The session is the one the
 * file is named after (`<session>.jsonl`), else the first event's.
 */
export const validateLog = (files: readonly string[], options: { json?: boolean }): number => {
  const bar = progress(!options.json && process.stderr.isTTY === true);
  let bad = 0;
  const report: { file: string; events: number; problems: { line: number; field: string; problem: string }[] }[] = [];
  for (const file of files) {
    if (!existsSync(file)) {
      process.stderr.write(`engram log validate: ${file}: no such file\n`);
      bad++;
      continue;
    }
    let events = 0;
    const named = basename(file, '.jsonl');
    const r = readLogFile(file, { session: isSessionId(named) ? named : 'first', onEvent: () => events++, onProgress: (done, total) => bar.update(`validating ${file} ${percent(done, total)}`) });
    bar.done();
    bad += r.problems.length;
    report.push({ file, events, problems: r.problems.map(({ line, field, problem }) => ({ line, field, problem })) });
    if (!options.json) {
      for (const p of r.problems) process.stdout.write(`${formatProblem(p)}\n`);
      process.stdout.write(`${file}: ${events} events, ${r.problems.length === 0 ? 'clean' : `${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}`}\n`);
    }
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ ok: bad === 0, files: report })}\n`);
  return bad === 0 ? 0 : 1;
};
