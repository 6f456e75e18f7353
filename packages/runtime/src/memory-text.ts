import type { FileCompaction, PendingItem, ProposalResult, QuarantineItem } from '@engram/cortex';
import type { MemoryAudit, MemoryWhy, PrunedStale } from './audit/brain-memory.js';
import type { AntonImport } from './effects/import-anton.js';
import { memoryContextText } from './memory-context-text.js';
import { memoryShowText } from './memory-show-text.js';
import { rankingLine, type RankingStatus } from './ranking-status.js';
import type { ForgetReport } from './effects/forget/forget-report.js';

const pct = (r: number | null): string => (r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`);
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const count = (c: Record<string, number>, outcome: string, label: string): string => ((c[outcome] ?? 0) > 0 ? `, ${c[outcome]} ${label}` : '');

/** One held item as a person reads it: id, where it would go, the reasons, then the text (shown as data, on its own line). */
const quarantineLine = (x: QuarantineItem, n: number): string =>
  `${n}. ${x.quarantineId}  ${x.engram.kind ?? '?'}/${x.engram.scope ?? 'project'}  from ${x.origin} (trust ${x.trust})  ${x.reasons.map((r) => r.id).join(', ')}\n   text: ${JSON.stringify(oneLine(x.engram.text))}`;

/** A stored (or queued, or refused) write, as `memory add` and the accept commands print it. */
interface WriteResult {
  readonly status: string;
  readonly entry?: { readonly id: string; readonly text: string } | null;
  readonly location: string | null;
}

/**
 * What the memory commands print for a person (their `--json` is the data itself): pure functions
 * from what `brain.memory`, the cortex and the stores return to text, so every host that shows
 * memory (the CLI, the chat's slash commands) says the same thing. Each text ends in a newline.
 */
export const memoryText = {
  /** `memory context`: the memory block the next system prompt gets, then the scratchpad primer. */
  context: memoryContextText,
  /** `memory show`: every entry per scope with its id, then what could not be read. */
  show: memoryShowText,

  /** `memory add`: the outcome, then each entry it retired; `notes` (stderr) the corrections that named nothing active. */
  added: (r: ProposalResult, notRetired: readonly string[]): { readonly out: string; readonly notes: string } => ({
    out: `${r.status}${r.entry === null ? '' : ` ${r.entry.id}`}${r.location === null ? '' : ` (${r.location})`}${r.reason === null ? '' : `: ${r.reason}`}\n${(r.retired ?? []).map((x) => `retired ${x.id} (${x.scope}, ${x.reason}): ${x.text}\n`).join('')}`,
    notes: r.status === 'queued' ? '' : notRetired.map((c) => `note: no active entry ${JSON.stringify(c)} to supersede (see \`engram memory show\`)\n`).join(''),
  }),

  /** `memory stats`: the injection audit, one figure per line. */
  stats: (logs: number, { stale, callLessons, callRecord, ranking, ...stats }: Omit<MemoryAudit, 'logs' | 'problems'> & { readonly ranking: RankingStatus }): string =>
    [
      `logs ${logs}, sessions ${stats.sessions}, turns ${stats.turns}`,
      rankingLine(ranking),
      `injections per turn      ${stats.injectionsPerTurn} (${stats.injectedItemsPerTurn} items)`,
      `hit rate                 ${pct(stats.hitRate.rate)} (${stats.hitRate.hits} of ${stats.hitRate.turns} turns with a learned rule injected: its pattern did not fire again)`,
      `false-learning rate      ${pct(stats.falseLearningRate.rate)} (of ${stats.falseLearningRate.learned} learned items: ${stats.falseLearningRate.contradicted} contradicted, ${stats.falseLearningRate.removed} removed by the user, ${stats.falseLearningRate.archived} promoted instincts archived)`,
      `promotion precision      ${pct(stats.promotionPrecision.rate)} (${stats.promotionPrecision.recurred} of ${stats.promotionPrecision.judged} promoted instincts with later sessions recurred; ${stats.promotionPrecision.promoted} promoted)`,
      `model cost per turn      $${stats.costPerTurnUsd.turn.toFixed(6)} for the turn, $${stats.costPerTurnUsd.background.toFixed(6)} for background learning`,
      stale.judged
        ? `stale (never chosen in ${stale.windowDays} days) ${stale.items.length}${stale.items.map((i) => `\n  ${i.id}: ${i.text}`).join('')}`
        : `stale                    not judged (${stale.injections} injections in ${stale.windowDays} days; too few to tell)`,
      `call lessons             ${callLessons.length}${callLessons.map((l) => `\n  ${l.standing.padEnd(7)} shown ${l.shown}, ignored ${l.ignored}, other error ${l.otherError}, heeded ${l.heeded}; learned ${l.learned}: \`${l.pattern}\` (${l.tool}) "${l.errorLine}"`).join('')}`,
      callRecord === null
        ? 'call record              none (no project folder)'
        : `call record              ${callRecord.patterns} call patterns, ${callRecord.fails} failures in ${callRecord.calls} calls${callRecord.top.map((p) => `\n  failed ${p.fails} of ${p.runs}: \`${p.pattern}\`${p.line === '' ? '' : ` "${p.line}"`}`).join('')}`,
      '',
    ].join('\n'),

  /** `memory why`: the matching entries, their corrections, and each encoding's chain of causes. */
  why: (query: string, { entries, provenance, history }: Omit<MemoryWhy, 'notes' | 'query'>): string => {
    const out: string[] = [];
    if (entries.length === 0) out.push(`no stored entry matches ${JSON.stringify(query)}; searching the history and the logs for that text\n`);
    for (const e of entries) out.push(`entry ${e.id} [${e.store} ${e.kind ?? e.section ?? '?'}${e.source === null ? '' : `, source ${e.source}`}${e.updatedAt === null ? '' : `, ${e.updatedAt}`}] ${e.text}\n`);
    if (history.length > 0) {
      out.push('\ncorrections (oldest first):\n');
      for (const h of history) out.push(`  ${h.id} [${h.scope} ${h.kind ?? '?'}] ${h.text}\n    superseded by ${h.supersededBy ?? '(nothing stored)'} at ${h.supersededAt} (${h.reason}${h.note === '' ? '' : `: ${h.note}`})\n`);
    }
    if (provenance.length === 0) out.push('no encoding of it in the event logs (written by hand, imported, or its log was pruned)\n');
    for (const p of provenance) {
      out.push(`\nsession ${p.sessionId}, turn ${p.turn}  (${p.log})\n`);
      if (p.userMessage !== null) out.push(`  user: ${p.userMessage.replace(/\s+/g, ' ')}\n`);
      p.chain.forEach((s, i) => out.push(`  ${i === 0 ? '  ' : '<-'} #${s.seq} ${s.type}${s.summary === '' ? '' : `  ${s.summary}`}\n`));
      if (p.missingCause !== null) out.push(`  <- ${p.missingCause} (not in this log)\n`);
      for (const s of p.evidence) out.push(`     evidence #${s.seq} ${s.type}  ${s.summary}\n`);
    }
    return out.join('');
  },

  /** `memory pending list`: the queue, numbered, then what quarantine holds, flagged. */
  pending: (items: readonly PendingItem[], held: readonly QuarantineItem[]): string => {
    let out = items.length === 0 ? 'nothing pending\n' : `${items.map((x, i) => `${i + 1}. ${x.pendingId}  ${x.engram.kind ?? '?'}/${x.engram.scope ?? 'project'}  ${x.engram.text}  (from ${x.origin})`).join('\n')}\n`;
    if (held.length > 0) {
      out += `\n${held.length} held in quarantine (not remembered; \`engram memory quarantine accept|reject ID\`):\n`;
      out += `${held.map((x) => `[QUARANTINED] ${x.quarantineId}  ${x.reasons.map((r) => r.id).join(', ')}  text: ${JSON.stringify(oneLine(x.engram.text))}`).join('\n')}\n`;
    }
    return out;
  },

  /** `memory quarantine list`: the held entries, numbered, with their reasons. */
  quarantine: (items: readonly QuarantineItem[]): string => (items.length === 0 ? 'nothing in quarantine\n' : `${items.map((x, i) => quarantineLine(x, i + 1)).join('\n')}\n`),

  /** The entries an accept stored (or queued, or refused). */
  accepted: (accepted: readonly WriteResult[]): string => accepted.map((r) => `${r.status} ${r.entry?.text ?? ''}${r.location === null ? '' : ` (${r.location})`}\n`).join(''),

  /** `memory compact`: per file what was (or would be) removed. */
  compact: (report: readonly FileCompaction[]): string => {
    const out: string[] = [];
    for (const f of report) {
      const head = `${f.scope} ${f.file}: ${f.status}, ${f.total} entries`;
      out.push(`${head}${f.status === 'compacted' ? `, removed ${f.removed}` : f.status === 'previewed' ? `, would remove ${f.dropped.length}` : ''}${f.error === null ? '' : ` (${f.error})`}\n`);
      for (const e of f.dropped) out.push(`  - ${e.text}\n`);
    }
    if (report.some((f) => f.status === 'previewed')) out.push('run again with --yes to remove them\n');
    return out.join('');
  },

  /** `memory forget`: what went (or would go) per store; `notes` for stderr name what still holds the subject. */
  forget: (report: ForgetReport, store: string): { readonly out: string; readonly notes: string } => {
    const out = [report.applied ? 'forgotten:\n' : 'would forget (run again with --yes to do it):\n'];
    const searched = report.remaining.length === 0 ? '' : ' that engram searched';
    if (report.items.length === 0) out.push(store === 'files' ? `  nothing under the home or the project${searched} mentions it\n` : '  nothing in the store mentions it\n');
    for (const i of report.items) {
      const what = i.action === 'redact' ? `${i.count} occurrence(s) redacted as ${report.marker}` : i.action === 'rebuild' ? 'rebuilt from the remaining episodes' : i.action === 'keep' ? 'your own file: not changed' : `${i.count} removed`;
      const ids = i.ids.length === 0 ? '' : ` [${i.ids.slice(0, 20).join(', ')}${i.ids.length > 20 ? `, ... ${i.ids.length - 20} more` : ''}]`;
      out.push(`  ${i.store.padEnd(13)} ${what}  ${i.file}${ids}\n`);
    }
    const links = new Set(report.notSearched);
    return { out: out.join(''), notes: report.remaining.map((f) => (links.has(f) ? `note: a link, never followed, so not searched: ${f}\n` : `note: still holds it: ${f}\n`)).join('') };
  },

  /** `memory prune-stale`: the entries no injection chose in the window, and what was removed. */
  pruneStale: ({ removed, ...stale }: Omit<PrunedStale, 'problems'>, applied: boolean): string => {
    if (!stale.judged) return `not judged: ${stale.injections} injections in the last ${stale.windowDays} days are too few to tell what is unused; nothing removed\n`;
    let out = `${stale.items.length} entries no injection chose in ${stale.windowDays} days${stale.items.length === 0 ? '' : ':'}\n`;
    for (const i of stale.items) out += `  - ${i.id} (${i.kind}): ${i.text}\n`;
    if (applied) out += `removed ${removed.length}\n`;
    else if (stale.items.length > 0) out += 'run again with --yes to remove them\n';
    return out;
  },

  /** `memory import --from-anton`: what came in (memory, episodes, skills) and what was skipped. */
  antonImport: (report: AntonImport): string => {
    const c = report.memory.counts;
    let out = `imported from ${report.from}\n`;
    out += `memory (${report.memory.scope}): ${c['added'] ?? 0} added, ${c['duplicate'] ?? 0} already there${count(c, 'superseded', 'superseded')}${count(c, 'empty', 'empty')}${count(c, 'quarantined', 'held for review (engram memory quarantine list)')}\n`;
    out += `episodes: ${report.episodes.copied.length} copied${report.episodes.skipped.length > 0 ? `, ${report.episodes.skipped.length} skipped (${report.episodes.skipped.map((s) => `${s.file}: ${s.reason}`).join('; ')})` : ''}\n`;
    out += `skills: ${report.skills.imported.length} imported${report.skills.imported.length > 0 ? ` (${report.skills.imported.join(', ')})` : ''}\n`;
    for (const s of report.skills.skipped) out += `  skipped skill ${s.label}: ${s.reason}\n`;
    return out;
  },

  /** `memory import --from`: per scope how many entries were added, already there, superseded or empty. */
  folderImport: (counts: Readonly<Record<string, Record<string, number>>>, where: string): string =>
    Object.entries(counts)
      .map(([scope, c]) => `${scope} -> ${where}: ${c['added'] ?? 0} added, ${c['duplicate'] ?? 0} already there${count(c, 'superseded', 'superseded')}${count(c, 'empty', 'empty')}\n`)
      .join(''),
};
