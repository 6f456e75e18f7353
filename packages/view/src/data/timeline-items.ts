import type { AnyEnvelope } from '@engram/events';

/**
 * How an item is drawn: failures, nudges, breaker verdicts and learning stand out; the rest is
 * the quiet structure of the session (turns, rounds, calls).
 */
export type TimelineTone = 'turn' | 'round' | 'plain' | 'ok' | 'failure' | 'nudge' | 'breaker' | 'lesson' | 'memory' | 'model' | 'quiet';

/** One event of a session, ready to show. Text fields are data: renderers escape them. */
export interface TimelineItem {
  /** The element id in a timeline page (`e<seq>`): provenance links point here. */
  readonly anchor: string;
  readonly seq: number;
  readonly id: string;
  readonly type: string;
  readonly turn: number;
  readonly round: number;
  readonly at: string;
  readonly tone: TimelineTone;
  /** A short label (`tool call`, `nudge`, `lesson` ...). */
  readonly label: string;
  readonly title: string;
  /** Longer text shown preformatted (code, output, an error), or empty. */
  readonly body: string;
}

/** Bodies are cut here: a timeline is read, not a copy of every output; the log holds the rest. */
export const BODY_CHARS = 1_500;

const cut = (s: string): string => (s.length > BODY_CHARS ? `${s.slice(0, BODY_CHARS - 1)}…` : s);
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The anchor of an event in its session's timeline. */
export const anchorOf = (seq: number): string => `e${seq}`;

type Shown = Pick<TimelineItem, 'tone' | 'label' | 'title' | 'body'>;

const show = (tone: TimelineTone, label: string, title: string, body = ''): Shown => ({ tone, label, title, body: cut(body) });

/** A tool's input on one line: the cell or result that follows shows the content at length. */
const jsonOf = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
};

/** What one event says, in words; every type of the catalog reads as something, unknown ones by type. */
const shownOf = (e: AnyEnvelope): Shown => {
  switch (e.type) {
    case 'executive.session.started':
      return show('quiet', 'session', `Session started (memory ${e.data.modes.memory}, ACC ${e.data.modes.acc})`, e.data.project ?? '');
    case 'executive.session.ended':
      return show('quiet', 'session', `Session ended (${e.data.reason})`);
    case 'executive.turn.started':
      return show('turn', `turn ${e.turn}`, e.data.message);
    case 'executive.turn.completed':
      return show('ok', 'answer', `${e.data.rounds} round${e.data.rounds === 1 ? '' : 's'}, ${e.data.stopReason}`, e.data.answer);
    case 'executive.turn.failed':
      return show('failure', 'turn failed', `${e.data.reason}`, e.data.error);
    case 'executive.turn.cancelled':
      return show('failure', 'turn cancelled', e.data.reason);
    case 'executive.round.started':
      return show('round', `round ${e.data.round}`, `Round ${e.data.round}`);
    case 'executive.round.completed':
      return show('quiet', 'round end', `Round ${e.data.round} done: ${e.data.toolCalls} tool call${e.data.toolCalls === 1 ? '' : 's'}`);
    case 'executive.tool.called':
      return show('plain', 'tool call', e.data.name, jsonOf(e.data.input));
    case 'executive.tool.resulted':
      return e.data.ok ? show('ok', 'result', `${e.data.name} ok (${e.data.durationMs} ms)`, e.data.output) : show('failure', 'failed', `${e.data.name} failed`, e.data.error || e.data.output);
    case 'executive.tool.guarded':
      return show('breaker', `breaker ${e.data.action}`, `${e.data.name}: ${e.data.failures} identical failure${e.data.failures === 1 ? '' : 's'}`, e.data.explanation);
    case 'executive.cap.exhausted':
      return show('failure', 'round cap', `The turn ran past its round cap (${e.data.cap})`);
    case 'executive.history.repaired':
      return show('quiet', 'history repaired', `${e.data.sealedCount} dangling call${e.data.sealedCount === 1 ? '' : 's'} sealed: ${e.data.reason}`);
    case 'executive.fallback.resolved':
      return show(e.data.worked === null ? 'failure' : 'ok', 'fallback', `${e.data.tool}${e.data.target === null ? '' : ` on ${e.data.target}`}: ${e.data.worked === null ? 'every step failed' : `${e.data.worked} worked`}`, e.data.attempts.map((a) => `${a.ok ? 'ok    ' : 'failed'} ${a.step}${a.error === '' ? '' : `: ${a.error}`}`).join('\n'));
    case 'executive.history.compacted':
      return show('quiet', 'history compacted', `turns ${e.data.fromTurn}-${e.data.toTurn} summarised (${e.data.tokensBefore} → ${e.data.tokensAfter} tokens)`, e.data.summary);
    case 'executive.guards.configured':
      return show('quiet', 'breaker limits', `warn at ${e.data.warnAt}, block at ${e.data.blockAt}`);
    case 'scratchpad.cell.requested':
      return show('plain', 'cell', `${e.data.cellId} on pad ${e.data.pad}${e.data.description === '' ? '' : `: ${e.data.description}`}`, e.data.code);
    case 'scratchpad.cell.executed':
      return e.data.ok
        ? show('ok', 'cell ok', `${e.data.cellId} on ${e.data.pad} (${e.data.durationMs} ms)`, e.data.stdout)
        : show('failure', 'cell failed', `${e.data.cellId} on ${e.data.pad}: ${oneLine(e.data.error).slice(0, 160)}`, [e.data.stderr, e.data.error].filter((s) => s !== '').join('\n'));
    case 'scratchpad.cell.killed':
      return show('failure', 'cell killed', `${e.data.cellId} on ${e.data.pad} after ${e.data.durationMs} ms`, e.data.reason);
    case 'scratchpad.cell.rejected':
      return show('failure', 'cell rejected', `on ${e.data.pad}: ${e.data.reason}`);
    case 'scratchpad.pad.reset':
      return show('quiet', 'pad reset', `${e.data.pad} (${e.data.reason})`);
    case 'acc.nudge.emitted':
      return show('nudge', 'nudge', `Shown to the model after round ${e.round}: ${e.data.detector}`, e.data.text);
    case 'acc.lesson.detected':
      return show('lesson', 'lesson', `${e.data.lessonId} (${e.data.kind})`, `${e.data.rule}\n\ntriggers: ${e.data.triggers.join(', ')}`);
    case 'acc.params.configured':
      return show('quiet', 'ACC params', `profile ${e.data.profile}`);
    case 'cerebellum.error.classified':
      return show('quiet', 'error class', `${e.data.errorClass} (${e.data.tool}${e.data.target === null ? '' : ` on ${e.data.target}`})`, e.data.hint);
    case 'cerebellum.lesson.learned':
      return show('lesson', 'lesson', `cerebellum (${e.data.method}${e.data.topic === '' ? '' : `, ${e.data.topic}`})`, e.data.text);
    case 'cerebellum.call.learned':
      return show('lesson', 'lesson', `${e.data.failed.tool} ${e.data.failed.pattern}: ${e.data.errorLine}`, e.data.text);
    case 'basal-ganglia.recipe.learned':
      return show('lesson', 'recipe', `Recovery for ${e.data.trigger.errorClass} with ${e.data.trigger.tool}`, e.data.steps.map((s, i) => `${i + 1}. ${s.tool}${s.hint === '' ? '' : `: ${s.hint}`}`).join('\n'));
    case 'basal-ganglia.instinct.promoted':
      return show('lesson', 'instinct', `Promoted ${e.data.instinctId} (confidence ${e.data.confidence.toFixed(2)})`, e.data.rule);
    case 'basal-ganglia.instinct.archived':
      return show('quiet', 'instinct', `Archived ${e.data.instinctId} (${e.data.reason})`);
    case 'cortex.engram.proposed':
      return show('memory', 'proposed', `from ${e.data.origin}, trust ${e.data.trust}, gate ${e.data.gate}`, e.data.engram.text);
    case 'cortex.engram.queued':
      return show('memory', 'queued', `waits for the user as ${e.data.pendingId}`);
    case 'cortex.engram.confirmed':
      return show('memory', 'confirmed', `${e.data.pendingId} ${e.data.decision} by ${e.data.by}`);
    case 'cortex.engram.quarantined':
      return show('breaker', 'quarantined', `${e.data.quarantineId}: ${e.data.reasons.map((r) => r.id).join(', ')}`);
    case 'cortex.engram.contradicted':
      return show('memory', 'contradicted', `${e.data.entryId} (${e.data.verdict}, ${e.data.judge})`, e.data.reason);
    case 'cortex.context.injected':
      return show('memory', 'injected', `${e.data.items.length} item${e.data.items.length === 1 ? '' : 's'} into the ${e.data.target}${e.data.tool === null ? '' : ` of ${e.data.tool}`} (${e.data.tokens} tokens)`, e.data.items.map((i) => `• ${i.text}`).join('\n'));
    case 'cortex.candidates.read':
      return show('quiet', 'memory read', `${e.data.candidates.length} stored entr${e.data.candidates.length === 1 ? 'y' : 'ies'} read to decide ${e.data.proposalId}`);
    case 'cortex.context.read':
      return show('quiet', 'memory read', e.data.memory === null ? 'the memory block, from unchanged memory' : 'the memory block, from the memory it records');
    case 'cortex.precall.read':
      return show('quiet', 'memory read', `before ${e.data.toolUseId}: ${e.data.memory === null ? 'unchanged memory' : 'the memory it records'}, ${e.data.recipes.length} recipe${e.data.recipes.length === 1 ? '' : 's'}${e.data.callWarning === null ? '' : `, ${e.data.callWarning.stored.length + e.data.callWarning.turn.length} call record keys`}`);
    case 'hippocampus.engram.encoded':
      return show('memory', 'encoded', `${e.data.outcome}${e.data.engram.kind === null ? '' : ` ${e.data.engram.kind}`} into ${e.data.file}`, e.data.engram.text);
    case 'hippocampus.engram.removed':
      return show('memory', 'removed', `${e.data.entryId} from ${e.data.scope} by ${e.data.by}`, e.data.text);
    case 'hippocampus.engram.superseded':
      return show('memory', 'superseded', `${e.data.entryId} (${e.data.reason})`, e.data.text);
    case 'llm.call.completed':
      return show('model', 'model', `${e.data.purpose} (${e.data.model}, ${e.data.inputTokens}+${e.data.outputTokens} tokens, ${e.data.latencyMs} ms)`);
    case 'llm.call.failed':
      return show('failure', 'model failed', `${e.data.purpose}: ${e.data.reason}`, e.data.message);
    case 'bus.subscriber.failed':
      return show('failure', 'subscriber failed', `${e.data.subscriber} on ${e.data.eventType}`, e.data.error);
    case 'store.log.repaired':
      return show('quiet', 'log repaired', `a torn last line was cut (${e.data.truncatedBytes} bytes after seq ${e.data.lastSeq})`);
    case 'store.log.redacted':
      return show('quiet', 'log redacted', `${e.data.occurrences} occurrence${e.data.occurrences === 1 ? '' : 's'} in ${e.data.events} event${e.data.events === 1 ? '' : 's'} replaced by ${e.data.marker}`);
  }
  // A type a newer engram wrote and this one does not know: shown by its name.
  const type: string = (e as { readonly type: string }).type;
  return show('quiet', type.split('.').slice(1).join(' '), type);
};

/** A session's events as timeline items, in log order; pure. */
export const timelineItems = (events: readonly AnyEnvelope[]): TimelineItem[] =>
  events.map((e) => ({ anchor: anchorOf(e.seq), seq: e.seq, id: e.id, type: e.type, turn: e.turn, round: e.round, at: e.at, ...shownOf(e) }));
