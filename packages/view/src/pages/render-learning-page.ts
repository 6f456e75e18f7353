import type { LearningView } from '../view-source.js';
import { auditChart, confidenceChart, failuresPerSessionChart } from './charts.js';
import { escapeHtml } from './escape-html.js';
import { problemLines } from './problem-lines.js';
import { shortLabel } from './short-label.js';
import { percent, shortTime } from './format.js';

const tile = (value: string, key: string): string => `<div class="tile"><div class="v">${escapeHtml(value)}</div><div class="k">${escapeHtml(key)}</div></div>`;

const usd = (n: number): string => `$${n.toFixed(n < 0.01 && n > 0 ? 4 : 2)}`;

/** The Learning page: the learning curve, habits and their confidence, recipes, and the audit. */
export const renderLearningPage = (l: LearningView): string => {
  const s = l.stats;
  const first = l.sessions[0];
  const last = l.sessions.at(-1);
  const curve = first !== undefined && last !== undefined && l.sessions.length > 1 ? `${first.failures} → ${last.failures}` : String(first?.failures ?? 0);
  const tiles = [
    tile(String(s.sessions), 'sessions'),
    tile(String(s.turns), 'turns'),
    tile(curve, 'failures, first → latest session'),
    tile(percent(s.hitRate.rate), 'hit rate of injected rules'),
    tile(percent(s.falseLearningRate.rate), 'false-learning rate'),
    tile(s.injectionsPerTurn.toFixed(2), 'injections per turn'),
    tile(usd(s.costPerTurnUsd.turn + s.costPerTurnUsd.background), 'model cost per turn'),
  ].join('');
  const instincts =
    l.instincts.length === 0
      ? '<div class="empty">no instincts yet: the habit loop tracks a pattern once it reaches 50% confidence over several sessions</div>'
      : `<table><thead><tr><th>Instinct</th><th>Status</th><th class="num">Confidence</th><th class="num">Sessions</th><th>Last seen</th></tr></thead><tbody>${l.instincts
          .map(
            (i) =>
              `<tr><td>${shortLabel(i.description)}<div class="sub mono" style="margin:0">${shortLabel(i.id)} · ${i.scope}</div></td><td><span class="pill ${i.status === 'promoted' ? 'lesson' : i.status === 'archived' ? '' : 'memory'}">${i.status}</span></td><td class="num">${i.confidence.toFixed(2)}</td><td class="num">${i.sessions}</td><td>${escapeHtml(shortTime(i.lastSeen))}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const recipes =
    l.recipes.length === 0
      ? '<div class="empty">no recovery recipes yet</div>'
      : `<div class="card">${l.recipes.map((r) => `<div class="entry"><div class="text">${escapeHtml(r.text)}</div><div class="facts"><span class="pill lesson">confidence ${r.confidence.toFixed(2)}</span><span>seen ${r.count}×</span><span class="mono">${escapeHtml(r.recipeId)}</span></div></div>`).join('')}</div>`;
  const stale = s.stale.judged
    ? s.stale.items.length === 0
      ? `<div class="empty">nothing stale: every stored rule was chosen in the last ${s.stale.windowDays} days</div>`
      : `<div class="card">${s.stale.items.map((i) => `<div class="entry"><div class="text">${escapeHtml(i.text)}</div><div class="facts"><span class="pill">${escapeHtml(i.kind)}</span><span class="mono">${escapeHtml(i.id)}</span></div></div>`).join('')}</div>`
    : `<div class="empty">not judged yet: ${s.stale.injections} injections in the ${s.stale.windowDays}-day window (20 needed)</div>`;
  // Each call lesson's record of use (issue 24 item 6): a demoted one is never said before a call.
  const callLessons =
    s.callLessons.length === 0
      ? '<div class="empty">no call lessons yet: one is learned when a failed call is followed in the turn by one that does its job</div>'
      : `<table class="call-lessons"><thead><tr><th>Call lesson</th><th>Standing</th><th class="num">Learned</th><th class="num">Shown</th><th class="num">Ignored</th><th class="num">Other error</th><th class="num">Heeded</th></tr></thead><tbody>${s.callLessons
          .map(
            (c) =>
              `<tr><td><span class="mono">${escapeHtml(c.pattern)}</span> (${escapeHtml(c.tool)})<div class="sub" style="margin:0">${escapeHtml(c.errorLine)}</div></td><td><span class="pill ${c.standing === 'said' ? 'lesson' : c.standing === 'quiet' ? 'memory' : ''}">${c.standing}</span></td><td class="num">${c.learned}</td><td class="num">${c.shown}</td><td class="num">${c.ignored}</td><td class="num">${c.otherError}</td><td class="num">${c.heeded}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const note = l.problems.length === 0 ? '' : `<div class="note">${problemLines(l.problems)}</div>`;
  return `<h1>Learning</h1><p class="sub">What engram learned across sessions, and whether it helped.</p>${note}<div class="tiles">${tiles}</div>
<h2>Failures per session</h2>${failuresPerSessionChart(l.sessions)}
<h2>Habit confidence over time</h2>${confidenceChart(l.confidence)}
<h2>Instincts</h2>${instincts}
<h2>Recovery recipes</h2>${recipes}
<h2>Call lessons</h2>${callLessons}
<h2>Audit</h2>${auditChart(s)}
<h2>Stale entries</h2>${stale}`;
};
