import type { PendingItem, QuarantineItem } from "@engram/cortex";
import type { EntryView, MemoryView, ScopeView } from "../view-source.js";
import { escapeHtml, urlPart } from "./escape-html.js";
import { problemLines } from "./problem-lines.js";
import { percent, shortTime } from "./format.js";
import { renderActionForm, renderForgetForm, renderMemorizeForm } from "./render-action-form.js";
import { entryUsageCharts } from "./charts.js";

const provenanceOf = (e: EntryView): string => {
  if (e.provenance.length === 0)
    return '<div class="facts">No encoding of this text in the logs (written by hand, imported, or from logs since removed).</div>';
  const earlier = e.encodings - e.provenance.length;
  const more =
    earlier > 0
      ? `<div class="facts">and ${earlier} earlier encoding${earlier === 1 ? "" : "s"} of the same text</div>`
      : "";
  return (
    e.provenance
      .map((p) => {
        const link = (s: { seq: number; type: string; summary: string }) =>
          `<li><a class="prov" href="/sessions/${urlPart(p.logId)}#e${s.seq}">#${s.seq} <span class="type">${escapeHtml(s.type)}</span></a> ${escapeHtml(s.summary)}</li>`;
        const evidence =
          p.evidence.length === 0
            ? ""
            : `<div class="facts">evidence: what the learner saw</div><ol class="chain">${p.evidence.map(link).join("")}</ol>`;
        const missing =
          p.missingCause === null
            ? ""
            : `<div class="facts">the chain continues in another log (cause ${escapeHtml(p.missingCause)})</div>`;
        return `<details><summary>Learned in session ${escapeHtml(p.logId)}, turn ${p.turn}${p.userMessage === null ? "" : `: “${escapeHtml(p.userMessage.slice(0, 80))}”`}</summary><ol class="chain">${p.chain.map(link).join("")}</ol>${evidence}${missing}</details>`;
      })
      .join("") + more
  );
};

const entryHtml = (e: EntryView, token: string): string => {
  const kind = e.entry.kind ?? e.entry.section ?? "entry";
  const u = e.usage;
  return `<div class="entry" id="entry-${escapeHtml(e.entry.id)}"><div class="text">${escapeHtml(e.entry.text)}</div>
<div class="facts"><span class="pill memory">${escapeHtml(kind)}</span><span class="pill">trust ${escapeHtml(e.trust)}</span><span>injected ${u.injections}× in ${u.turns} turn${u.turns === 1 ? "" : "s"}</span><span>hit rate ${percent(u.hitRate)}</span><span class="mono">${escapeHtml(e.entry.id)}</span>${e.entry.updatedAt === null ? "" : `<span>${escapeHtml(e.entry.updatedAt)}</span>`}<span style="margin-left:auto">${renderActionForm({ path: "/actions/remove", fields: { scope: e.scope, id: e.entry.id }, label: "Remove…", danger: true }, token)}</span></div>
${provenanceOf(e)}<details class="edit"><summary>Edit (supersede)…</summary>${renderMemorizeForm(token, { id: e.entry.id, text: e.entry.text, kind, scope: e.scope })}</details></div>`;
};

/**
 * Entries drawn per list: a memory of 10,000 entries is a page of 10 MB that a browser takes half
 * a minute to lay out; a few hundred read at once, the rest a link away (`?<list>=<offset>`).
 */
const ENTRIES_PER_LIST = 200;

const list = (
  title: string,
  entries: readonly EntryView[],
  token: string,
  key: string,
  offsets: Readonly<Record<string, number>>,
): string => {
  const from = Math.min(Math.max(0, offsets[key] ?? 0), Math.max(0, entries.length - 1));
  const shown = entries.slice(from, from + ENTRIES_PER_LIST);
  const link = (at: number, text: string) => `<a href="/memory?${key}=${at}#list-${key}">${text}</a>`;
  const pager =
    entries.length <= ENTRIES_PER_LIST
      ? ""
      : `<p class="sub pager">${from + 1}–${from + shown.length} of ${entries.length}${from > 0 ? ` · ${link(Math.max(0, from - ENTRIES_PER_LIST), "← earlier")}` : ""}${from + ENTRIES_PER_LIST < entries.length ? ` · ${link(from + ENTRIES_PER_LIST, "later →")}` : ""}</p>`;
  return `<h3 id="list-${key}">${title} <span class="pill">${entries.length}</span></h3>${entries.length === 0 ? '<div class="empty">none</div>' : `${pager}${shown.map((e) => entryHtml(e, token)).join("")}${pager}`}`;
};

const pendingHtml = (x: PendingItem, token: string): string =>
  `<div class="entry"><div class="text">${escapeHtml(x.engram.text)}</div><div class="facts"><span class="pill nudge">pending</span><span>${escapeHtml(x.engram.kind ?? "?")}</span><span>from ${escapeHtml(x.origin)}</span><span>queued ${escapeHtml(shortTime(x.queuedAt))}</span><span class="mono">${escapeHtml(x.pendingId)}</span><span style="margin-left:auto">${renderActionForm({ path: "/actions/pending", fields: { decision: "accept", id: x.pendingId }, label: "Accept…" }, token)} ${renderActionForm({ path: "/actions/pending", fields: { decision: "reject", id: x.pendingId }, label: "Reject…", danger: true }, token)}</span></div></div>`;

const quarantineHtml = (x: QuarantineItem, token: string): string =>
  `<div class="entry"><div class="text">${escapeHtml(x.engram.text)}</div><div class="facts"><span class="pill breaker">quarantined</span>${x.reasons.map((r) => `<span class="pill">${escapeHtml(r.id)}</span>`).join("")}<span>from ${escapeHtml(x.origin)} (trust ${escapeHtml(x.trust)})</span><span class="mono">${escapeHtml(x.quarantineId)}</span><span style="margin-left:auto">${renderActionForm({ path: "/actions/quarantine", fields: { decision: "accept", id: x.quarantineId }, label: "Vouch & store…" }, token)} ${renderActionForm({ path: "/actions/quarantine", fields: { decision: "reject", id: x.quarantineId }, label: "Delete…", danger: true }, token)}</span></div></div>`;

const scopeHtml = (s: ScopeView, token: string, offsets: Readonly<Record<string, number>>): string => {
  const diags =
    s.diagnostics.length === 0
      ? ""
      : `<div class="note">${s.diagnostics.map((d) => `${escapeHtml(d.location)}:${d.line}: ${escapeHtml(d.message)}`).join("<br>")}</div>`;
  const waiting =
    s.pending.length + s.quarantine.length === 0
      ? ""
      : `<h3>Pending <span class="pill">${s.pending.length}</span></h3>${s.pending.map((x) => pendingHtml(x, token)).join("") || '<div class="empty">none</div>'}<h3>Quarantine <span class="pill">${s.quarantine.length}</span></h3>${s.quarantine.map((x) => quarantineHtml(x, token)).join("") || '<div class="empty">none</div>'}`;
  return `<h2>${s.scope === "global" ? "Global" : "Project"} memory</h2><p class="sub mono">${escapeHtml(s.dir)}</p><div class="card">${diags}${list("Rules", s.rules, token, `${s.scope}-rules`, offsets)}${list("Lessons", s.lessons, token, `${s.scope}-lessons`, offsets)}${list("Profile", s.profile, token, `${s.scope}-profile`, offsets)}${waiting}</div>`;
};

/** The Memory page: each scope's entries with trust, use and provenance a click from their events. */
export const renderMemoryPage = (
  m: MemoryView,
  token: string,
  done: string | null,
  offsets: Readonly<Record<string, number>> = {},
): string => {
  const note =
    m.problems.length === 0
      ? ""
      : `<div class="note">${problemLines(m.problems)}</div>`;
  const flash =
    done === null ? "" : `<div class="done">${escapeHtml(done)}</div>`;
  const total = m.scopes.reduce(
    (n, s) => n + s.rules.length + s.lessons.length + s.profile.length,
    0,
  );
  const all = m.scopes.flatMap((s) => [...s.rules, ...s.lessons, ...s.profile]);
  return `<h1>Memory</h1><p class="sub">${total} stored entr${total === 1 ? "y" : "ies"}. Open “Learned in …” to follow an entry back to the events that produced it.</p>${flash}${note}<h2>Add an entry</h2><div class="card">${renderMemorizeForm(token)}</div>${entryUsageCharts(all)}${m.scopes.map((s) => scopeHtml(s, token, offsets)).join("")}${renderForgetForm(token)}`;
};
