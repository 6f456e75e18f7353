import type { AntonAccReplay } from './replay-anton-acc.js';
import type { Divergence, ShownEvent } from './divergence.js';
import type { SessionReplay } from './replay-session.js';
import type { TurnSummary } from './turn-summary.js';

/** Long rules and texts are cut in the text report (the JSON has them whole). */
const MAX_TEXT = 100;

const cut = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 3)}...` : s);

const counted = (xs: readonly string[]): string => {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].map(([k, c]) => (c > 1 ? `${k} x${c}` : k)).join(', ');
};

const turnLines = (t: TurnSummary): string[] => {
  const lines = [`  turn ${t.turn}${t.turn === 0 ? ' (outside any turn)' : ''}`];
  if (t.detectorsFired.length > 0) lines.push(`    detectors fired: ${t.detectorsFired.join(', ')}`);
  for (const n of t.nudges) lines.push(`    nudge (round ${n.round}): ${n.lessonId}`);
  for (const l of t.accLessons) lines.push(`    lesson ${l.lessonId} [${l.kind}]: ${cut(l.rule)}`);
  for (const l of t.cerebellumLessons) lines.push(`    lesson cerebellum (${l.method}, ${l.topic}): ${cut(l.text)}`);
  if (t.errorsClassified.length > 0) lines.push(`    errors classified: ${counted(t.errorsClassified.map((e) => e.errorClass))}`);
  for (const r of t.recipes) lines.push(`    recipe learned: ${r.errorClass} on ${r.target} with ${r.tool}: ${r.steps.join(' -> ')}`);
  for (const q of t.queued) lines.push(`    queued for the user: ${q.pendingId}`);
  if (t.proposals.length > 0) lines.push(`    memory proposals (recorded): ${t.proposals.length} (${counted(t.proposals.map((p) => `${p.origin} -> ${p.gate}`))})`);
  if (t.encodings.length > 0) lines.push(`    encodings (recorded): ${t.encodings.length} (${counted(t.encodings.map((e) => e.outcome))})`);
  return lines;
};

const header = (file: string, r: SessionReplay): string => `${file}: session ${r.sessionId ?? '(empty)'}, ${r.events} events, post-mortem: ${r.postMortem}`;

/** The per-turn report of one log, as text (what `engram replay` prints); with a what-if, the lessons that would appear or disappear. */
export const formatSession = (file: string, r: SessionReplay): string => {
  const lines = [header(file, r)];
  if (r.turns.length === 0) lines.push('  nothing derived');
  for (const t of r.turns) lines.push(...turnLines(t));
  if (r.whatIf !== undefined) {
    const w = r.whatIf;
    const set = Object.entries(w.overrides).map(([d, f]) => `${d} ${JSON.stringify(f)}`);
    lines.push(`  what-if (profile ${w.profile}${set.length > 0 ? `; ${set.join('; ')}` : ''}):`);
    if (w.turns.length === 0) lines.push('    the same lessons and nudges as recorded');
    for (const t of w.turns) {
      const parts = [
        ...t.appeared.map((id) => `+${id}`),
        ...t.disappeared.map((id) => `-${id}`),
        ...t.nudgesAppeared.map((id) => `+nudge ${id}`),
        ...t.nudgesDisappeared.map((id) => `-nudge ${id}`),
      ];
      lines.push(`    turn ${t.turn}: ${parts.join(', ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
};

const shownLine = (e: ShownEvent | null): string => (e === null ? '(nothing)' : `${e.type} ${JSON.stringify(e.data)}`);

/** One divergence, precisely: where, what the cores derived and what the log holds. */
const formatDivergence = (d: Divergence): string =>
  [
    d.kind === 'missing' ? `  after seq ${d.seq} (turn ${d.turn}): derived but not in the log` : `  seq ${d.seq} (turn ${d.turn}): ${d.kind === 'different' ? `differs from what was derived in ${d.fields.map((f) => `data.${f}`).join(', ')}` : 'recorded but not derived'}`,
    `    caused by: ${d.causationId ?? '(nothing)'}`,
    `    expected: ${shownLine(d.expected)}`,
    `    actual:   ${shownLine(d.actual)}`,
  ].join('\n');

/** The `--check` verdict of one log. */
export const formatCheck = (file: string, r: SessionReplay): string => {
  const ds = r.divergences ?? [];
  const first = ds[0];
  // Events the check could not prove (an older log without the reads they were decided against) are named, never silently passed.
  const given = (r.given ?? []).map((g) => `  given, not checked: ${g.count} ${g.type} (${g.reason})\n`).join('');
  if (first === undefined) return `${header(file, r)}\n  check: ok, derived == recorded\n${given}`;
  return `${header(file, r)}\n  check: FAILED, ${ds.length} divergence${ds.length === 1 ? '' : 's'}; the first:\n${formatDivergence(first)}\n${given}`;
};

/** The lessons (and, asked for, the mid-turn nudges) an Anton trace implies, as text. */
export const formatAntonAcc = (r: AntonAccReplay, withNudges: boolean): string => {
  const lines: string[] = [];
  if (withNudges) {
    lines.push(r.nudges.length === 0 ? 'no mid-turn nudges' : `mid-turn nudges (${r.nudges.length}):`);
    for (const n of r.nudges) lines.push(`  after event ${n.afterEvent}: ${n.detector}`);
  }
  lines.push(r.lessons.length === 0 ? 'no lessons' : `lessons (${r.lessons.length}):`);
  for (const l of r.lessons) lines.push(`  ${l.id} [${l.kind}] (${l.detector}; triggers: ${l.triggers.join(', ')})`, `    ${l.rule}`);
  return `${lines.join('\n')}\n`;
};
