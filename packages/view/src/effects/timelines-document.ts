import { resolve } from 'node:path';
import { writeFileAtomic } from '@engram/fs';
import { renderTimelineDocument } from '../pages/render-timeline-document.js';
import { timelineOfFile } from '../view-source.js';

/** The timelines of the logs as one self-contained page; bad lines go to `warn` and are skipped, an unreadable log is the problem returned. */
const timelinesDocument = (logs: readonly string[], warn: (problem: string) => void): { readonly html: string } | { readonly problem: string } => {
  const timelines = [];
  for (const log of logs) {
    try {
      const t = timelineOfFile(log);
      for (const p of t.problems) warn(p);
      timelines.push(t);
    } catch (e) {
      return { problem: `cannot read ${log}: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  return { html: renderTimelineDocument(timelines) };
};

/**
 * `engram view --html FILE LOG...`: writes the logs' timelines to FILE as one self-contained page
 * (atomically: a new file renamed into place) and returns its path, or the problem and the exit
 * code it deserves (2 for no log given, 1 for a log or a file that cannot be read or written).
 */
export const writeTimelinesDocument = (file: string, logs: readonly string[], warn: (problem: string) => void): { readonly written: string } | { readonly problem: string; readonly exit: 1 | 2 } => {
  if (logs.length === 0) return { problem: '--html needs at least one LOG', exit: 2 };
  const doc = timelinesDocument(logs, warn);
  if ('problem' in doc) return { ...doc, exit: 1 };
  try {
    writeFileAtomic(resolve(file), doc.html);
  } catch (e) {
    return { problem: `cannot write ${file}: ${e instanceof Error ? e.message : String(e)}`, exit: 1 };
  }
  return { written: resolve(file) };
};
