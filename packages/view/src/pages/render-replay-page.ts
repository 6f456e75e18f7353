import type { SessionRow } from '../data/session-row.js';
import type { ReplayView } from '../view-source.js';
import { escapeHtml, urlPart } from './escape-html.js';
import { problemLines } from './problem-lines.js';

/** Shown in the what-if box when it is empty: one threshold changed, the profile the runtime uses. */
const WHAT_IF_EXAMPLE = '{ "profile": "anton", "acc.kill-loop": { "minKills": 3 }, "acc.repeated-tool-error": { "minRun": 4 } }';

/** Divergences listed on the page; the count says how many there are. */
const MAX_DIVERGENCES_SHOWN = 50;

const json = (v: unknown): string => escapeHtml(JSON.stringify(v));

const resultHtml = (r: ReplayView): string => {
  if (!r.ok) return `<div class="note">${escapeHtml(r.error)}</div>`;
  const ds = r.replay.divergences ?? [];
  const verdict =
    ds.length === 0
      ? `<div class="verdict pass" data-verdict="pass"><span class="pill ok">--check passed</span> The cores re-derive exactly what the log recorded (${r.replay.events} events, post-mortem ${escapeHtml(r.replay.postMortem)}).</div>`
      : `<div class="verdict fail" data-verdict="fail"><span class="pill failure">--check failed</span> ${ds.length} divergence${ds.length === 1 ? '' : 's'} between derived and recorded events.</div>`;
  const divergences =
    ds.length === 0
      ? ''
      : `<table><thead><tr><th class="num">Seq</th><th>Kind</th><th>Expected</th><th>Actual</th></tr></thead><tbody>${ds
          .slice(0, MAX_DIVERGENCES_SHOWN)
          .map((d) => `<tr><td class="num"><a href="/sessions/${urlPart(r.logId)}#e${d.seq}">${d.seq}</a></td><td><span class="pill failure">${d.kind}</span>${d.fields.length === 0 ? '' : `<div class="sub">${escapeHtml(d.fields.join(', '))}</div>`}</td><td class="mono">${d.expected === null ? '-' : `${escapeHtml(d.expected.type)} ${json(d.expected.data)}`}</td><td class="mono">${d.actual === null ? '-' : `${escapeHtml(d.actual.type)} ${json(d.actual.data)}`}</td></tr>`)
          .join('')}</tbody></table>`;
  const turns = `<table><thead><tr><th class="num">Turn</th><th>Detectors fired</th><th>Lessons derived</th><th>Error classes</th></tr></thead><tbody>${
    r.replay.turns
      .map((t) => `<tr><td class="num">${t.turn}</td><td>${t.detectorsFired.map((d) => `<span class="pill nudge">${escapeHtml(d)}</span>`).join(' ') || '<span class="zero">none</span>'}</td><td>${[...t.accLessons.map((l) => l.lessonId), ...t.cerebellumLessons.map((l) => `cerebellum: ${l.text}`)].map((x) => `<div>${escapeHtml(x)}</div>`).join('') || '<span class="zero">none</span>'}</td><td>${t.errorsClassified.map((e) => escapeHtml(e.errorClass)).join(', ') || '<span class="zero">none</span>'}</td></tr>`)
      .join('') || '<tr><td colspan="4" class="empty">nothing derived</td></tr>'
  }</tbody></table>`;
  const w = r.replay.whatIf;
  const whatIf =
    r.paramsError !== null
      ? `<div class="note">${escapeHtml(r.paramsError)}</div>`
      : w === undefined
        ? ''
        : `<h2>What-if (profile ${escapeHtml(w.profile)})</h2>${
            w.turns.length === 0
              ? '<div class="card" data-what-if="same">These thresholds learn the same lessons and nudges as the recording.</div>'
              : `<table data-what-if="changed"><thead><tr><th class="num">Turn</th><th>Lessons</th><th>Nudges</th></tr></thead><tbody>${w.turns
                  .map((t) => `<tr><td class="num">${t.turn}</td><td>${[...t.appeared.map((x) => `<span class="pill lesson">+ ${escapeHtml(x)}</span>`), ...t.disappeared.map((x) => `<span class="pill failure">− ${escapeHtml(x)}</span>`)].join(' ') || '<span class="zero">same</span>'}</td><td>${[...t.nudgesAppeared.map((x) => `<span class="pill nudge">+ ${escapeHtml(x)}</span>`), ...t.nudgesDisappeared.map((x) => `<span class="pill">− ${escapeHtml(x)}</span>`)].join(' ') || '<span class="zero">same</span>'}</td></tr>`)
                  .join('')}</tbody></table>`
          }`;
  const problems = r.problems.length === 0 ? '' : `<div class="note">${problemLines(r.problems)}</div>`;
  return `<div class="card">${verdict}</div>${problems}${divergences}${whatIf}<h2>What the cores derived, per turn</h2>${turns}`;
};

/** The Replay page: pick a log, see `--check`'s verdict, and try other detector thresholds. */
export const renderReplayPage = (rows: readonly SessionRow[], chosen: string | null, params: string, result: ReplayView | null): string => {
  if (rows.length === 0) return `<h1>Replay</h1><p class="sub">No session logs to replay yet. Run <code>engram demo</code> or <code>engram run</code>, then pick a log here.</p>`;
  const options = rows.map((r) => `<option value="${escapeHtml(r.id)}"${r.id === chosen ? ' selected' : ''}>${escapeHtml(r.id)}${r.firstMessage === null ? '' : ` · ${escapeHtml(r.firstMessage.slice(0, 60))}`}</option>`).join('');
  return `<h1>Replay</h1><p class="sub">Refold a session's log through the region cores: <code>engram replay LOG --check</code>, and a what-if with other ACC thresholds (<code>--params</code>).</p>
<form method="get" action="/replay" class="card"><label for="log">Session log</label><select id="log" name="log">${options}</select>
<label for="params">What-if thresholds (JSON, optional)</label><textarea id="params" name="params" placeholder="${escapeHtml(WHAT_IF_EXAMPLE)}">${escapeHtml(params)}</textarea>
<p><button type="submit" class="primary">Replay</button></p></form>${result === null ? '' : resultHtml(result)}`;
};
