import { sessionStatus } from './session-status.js';
import type { SessionRow } from '../data/session-row.js';
import { escapeHtml, urlPart } from './escape-html.js';
import { MAX_PROBLEMS_SHOWN, problemLines } from './problem-lines.js';
import { shortTime } from './format.js';

const count = (n: number, tone: string): string => (n === 0 ? '<span class="zero">0</span>' : `<span class="pill ${tone}">${n}</span>`);

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The Sessions list: newest first, with what each session cost and taught. */
export const renderSessionsPage = (rows: readonly SessionRow[], problems: readonly string[]): string => {
  const note =
    problems.length === 0
      ? ''
      : `<div class="note">${problems.length === 1 ? '1 bad line in the logs was' : `${problems.length} bad lines in the logs were`} skipped; the rest is shown:<br>${problemLines(problems)}${problems.length > MAX_PROBLEMS_SHOWN ? `<br>… and ${problems.length - MAX_PROBLEMS_SHOWN} more` : ''}</div>`;
  if (rows.length === 0) return `<h1>Sessions</h1><p class="sub">No session logs yet. Run <code>engram demo</code> or <code>engram run</code>.</p>${note}`;
  const body = rows
    .map(
      (r) => `<tr><td><a href="/sessions/${urlPart(r.id)}" class="mono">${escapeHtml(r.id)}</a>${r.open || r.live ? ` ${sessionStatus(r)}` : ''}<div class="sub" style="margin:2px 0 0">${escapeHtml(cut(r.firstMessage ?? '', 90))}</div></td>
<td>${escapeHtml(shortTime(r.startedAt))}</td><td class="num">${r.turns}</td><td class="num">${count(r.failures, 'failure')}</td><td class="num">${count(r.nudges, 'nudge')}</td><td class="num">${count(r.lessons, 'lesson')}</td><td class="num">${r.events}</td></tr>`,
    )
    .join('\n');
  return `<h1>Sessions</h1><p class="sub">${rows.length} session${rows.length === 1 ? '' : 's'}, newest first. Open one to see every turn, tool call and what was learned from it.</p>${note}
<table class="sessions"><thead><tr><th>Session</th><th>Started (UTC)</th><th class="num">Turns</th><th class="num">Failures</th><th class="num">Nudges</th><th class="num">Lessons</th><th class="num">Events</th></tr></thead><tbody>${body}</tbody></table>`;
};
