import type { AnyEnvelope } from '@engram/events';
import { scrubSecrets } from '@engram/kernel';

/** One event of a provenance chain, as `memory why` prints it. */
export interface ProvenanceStep {
  readonly seq: number;
  readonly id: string;
  readonly type: string;
  readonly turn: number;
  readonly at: string;
  readonly summary: string;
}

/** Where one encoding of an entry came from, as far as one log holds it. */
export interface Provenance {
  readonly log: string;
  readonly sessionId: string;
  readonly turn: number;
  /** The message that opened the turn (`executive.turn.started`), when the log holds it. */
  readonly userMessage: string | null;
  /** The encoding first, then each cause in turn (proposal, detector or lesson, turn end or model call, ...). */
  readonly chain: readonly ProvenanceStep[];
  /** What the learner saw: the cells a cerebellum lesson names, or the turn's failures behind a detector. */
  readonly evidence: readonly ProvenanceStep[];
  /** The id of a cause this log does not hold (the chain continues elsewhere), else null. */
  readonly missingCause: string | null;
}

/** Summaries are cut here: the chain is a map to the log, not a copy of it. */
const SUMMARY_CHARS = 120;

/** Scrubbed before it is cut: a token cut in half is no longer a token the scrubber knows, and its head would show. */
const cut = (s: string): string => {
  const one = scrubSecrets(s).replace(/\s+/g, ' ').trim();
  return one.length > SUMMARY_CHARS ? `${one.slice(0, SUMMARY_CHARS - 1)}…` : one;
};

/** A one-line reading of the events a chain holds; others are named by type only. */
const summaryOf = (e: AnyEnvelope): string => {
  if (e.type === 'hippocampus.engram.encoded') return `${e.data.outcome} into ${e.data.file}`;
  if (e.type === 'cortex.engram.proposed') return `origin ${e.data.origin}, trust ${e.data.trust}, gate ${e.data.gate}: ${cut(e.data.engram.text)}`;
  if (e.type === 'cortex.engram.quarantined') return `${e.data.quarantineId}: ${e.data.reasons.map((r) => r.id).join(', ')}`;
  if (e.type === 'acc.lesson.detected') return `${e.data.detector} (${e.data.lessonId}); triggers: ${cut(e.data.triggers.join(', '))}`;
  if (e.type === 'cerebellum.lesson.learned') return `method ${e.data.method}, topic ${e.data.topic || '-'}, cells ${e.data.cellIds.join(', ') || '-'}`;
  if (e.type === 'executive.turn.completed') return `answer: ${cut(e.data.answer)}`;
  if (e.type === 'executive.turn.started') return `user: ${cut(e.data.message)}`;
  if (e.type === 'llm.call.completed') return `${e.data.purpose} (${e.data.role}, ${e.data.model})`;
  if (e.type === 'scratchpad.cell.requested') return `cell ${e.data.cellId} on ${e.data.pad}: ${cut(e.data.description || e.data.code)}`;
  if (e.type === 'scratchpad.cell.executed') return `cell ${e.data.cellId} on ${e.data.pad} ${e.data.ok ? 'ok' : `failed: ${cut(e.data.error || e.data.stderr)}`}`;
  if (e.type === 'scratchpad.cell.killed') return `cell ${e.data.cellId} killed`;
  if (e.type === 'executive.tool.resulted') return `${e.data.name} ${e.data.ok ? 'ok' : `failed: ${cut(e.data.error)}`}`;
  return '';
};

// The whole line scrubbed too: a log written before the scrubber knew a kind holds it raw in any field.
const stepOf = (e: AnyEnvelope): ProvenanceStep => ({ seq: e.seq, id: e.id, type: e.type, turn: e.turn, at: e.at, summary: scrubSecrets(summaryOf(e)) });

/** Whitespace- and case-insensitive, so a text that was re-spaced on its way into a file still matches. */
export const normalizeEntryText = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A cause that produced no failure of its own is no evidence; a failed cell or tool call is. */
const isFailure = (e: AnyEnvelope): boolean =>
  (e.type === 'scratchpad.cell.executed' && !e.data.ok) || e.type === 'scratchpad.cell.killed' || (e.type === 'executive.tool.resulted' && !e.data.ok);

/**
 * Every encoding in `events` whose engram text is one of `texts` (normalised), each with its
 * causes: `causationId` walked back, and an encoding's proposal found by `proposalId` (the
 * encoding is caused by the write, the proposal by whoever proposed). Stops at a root or at a
 * cause the log does not hold; a cycle (a corrupt log) stops the walk too.
 */
export const traceProvenance = (events: readonly AnyEnvelope[], log: string, texts: ReadonlySet<string>): Provenance[] => {
  const byId = new Map<string, AnyEnvelope>();
  const proposals = new Map<string, AnyEnvelope>();
  for (const e of events) {
    byId.set(e.id, e);
    if (e.type === 'cortex.engram.proposed') proposals.set(e.data.proposalId, e);
  }
  const found: Provenance[] = [];
  for (const encoded of events) {
    if (encoded.type !== 'hippocampus.engram.encoded' || encoded.data.outcome === 'empty' || !texts.has(normalizeEntryText(encoded.data.engram.text))) continue;
    const chain: AnyEnvelope[] = [encoded];
    const seen = new Set([encoded.id]);
    let next: string | null = encoded.causationId ?? (encoded.data.proposalId === null ? null : (proposals.get(encoded.data.proposalId)?.id ?? null));
    let missingCause: string | null = null;
    while (next !== null && !seen.has(next)) {
      const cause = byId.get(next);
      if (cause === undefined) {
        missingCause = next;
        break;
      }
      seen.add(next);
      chain.push(cause);
      next = cause.causationId;
    }
    const evidence: AnyEnvelope[] = [];
    const sameTurn = (e: AnyEnvelope, of: AnyEnvelope) => e.sessionId === of.sessionId && e.turn === of.turn;
    for (const step of chain) {
      if (step.type === 'cerebellum.lesson.learned') {
        const cells = new Set(step.data.cellIds);
        for (const e of events) if ((e.type === 'scratchpad.cell.requested' || e.type === 'scratchpad.cell.executed' || e.type === 'scratchpad.cell.killed') && cells.has(e.data.cellId) && !seen.has(e.id)) evidence.push(e);
      } else if (step.type === 'acc.lesson.detected') {
        for (const e of events) if (sameTurn(e, step) && isFailure(e) && !seen.has(e.id)) evidence.push(e);
      }
    }
    const root = chain[chain.length - 1] ?? encoded;
    const opened = events.find((e) => e.type === 'executive.turn.started' && sameTurn(e, root));
    found.push({
      log,
      sessionId: encoded.sessionId,
      turn: root.turn,
      userMessage: opened?.type === 'executive.turn.started' ? scrubSecrets(opened.data.message) : null,
      chain: chain.map(stepOf),
      evidence: [...new Set(evidence)].sort((a, b) => a.seq - b.seq).map(stepOf),
      missingCause,
    });
  }
  return found;
};
