import { existsSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { followLogFile, formatProblem, readLogFile } from '@engram/store';

/** How much of an event's data a one-line summary shows. */
const SUMMARY_CHARS = 100;

export const formatEventLine = (e: AnyEnvelope): string => {
  const data = JSON.stringify(e.data);
  const summary = data.length > SUMMARY_CHARS ? `${data.slice(0, SUMMARY_CHARS)}...` : data;
  return `${String(e.seq).padStart(6)}  ${e.at}  t${e.turn}.r${e.round}  ${e.type}  ${summary}`;
};

/** `engram log tail FILE [-n N] [--follow] [--json]`: the last events, then (with --follow) new ones as they land. */
export const tailLog = async (file: string, options: { lines: number; follow?: boolean; json?: boolean }): Promise<number> => {
  if (!existsSync(file) && !options.follow) {
    process.stderr.write(`engram log tail: ${file}: no such file\n`);
    return 1;
  }
  const print = (e: AnyEnvelope) => process.stdout.write(`${options.json ? JSON.stringify(e) : formatEventLine(e)}\n`);
  let lastSeq = 0;
  if (existsSync(file)) {
    const ring: AnyEnvelope[] = [];
    readLogFile(file, {
      onEvent: (e) => {
        ring.push(e);
        if (ring.length > options.lines) ring.shift();
        lastSeq = e.seq;
      },
    });
    ring.forEach(print);
  }
  if (!options.follow) return 0;
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    for await (const e of followLogFile(file, { signal: abort.signal, fromSeq: lastSeq + 1, onProblem: (p) => process.stderr.write(`${formatProblem(p)}\n`) })) print(e);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  return 0;
};
