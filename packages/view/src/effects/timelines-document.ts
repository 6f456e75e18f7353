import { renderTimelineDocument } from '../pages/render-timeline-document.js';
import { timelineOfFile } from '../view-source.js';

/**
 * `engram view --html FILE LOG...`: the timelines of the logs as one self-contained page. Bad
 * lines go to `warn` and are skipped; an unreadable log is the problem returned.
 */
export const timelinesDocument = (logs: readonly string[], warn: (problem: string) => void): { readonly html: string } | { readonly problem: string } => {
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
