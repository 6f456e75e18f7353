import { lessonToEngram as accLessonToEngram } from '@engram/acc';
import { lessonToEngram as cerebellumLessonToEngram } from '@engram/cerebellum';
import { DEFAULT_MEMORY_MODE, MEMORIZE_TOOL_NAME, planMemorize, quotedFrom, type MemoryMode } from '@engram/cortex/core';
import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';

/** The purpose engram-driven turns record their model calls under (run-turn.ts). */
const TURN_PURPOSE = 'turn';

/** The proposal id of the lesson event `eventId`: one lesson, one proposal, the same id live and in replay. */
export const lessonProposalId = (eventId: string): string => `${eventId}:proposal`;

/** The id of the `n`th (1-based) proposal of the memorize call reported as event `eventId`. */
export const memorizeProposalId = (eventId: string, n: number): string => `${eventId}:memorize-${n}`;

export interface ProposalState {
  /** The memory mode in force (`executive.session.started`): the gate each proposal records. */
  readonly mode: MemoryMode;
  /** tool_use ids of the `memorize` calls in the model's latest answer of an engram-driven turn. */
  readonly memorizeCalls: ReadonlySet<string>;
  /** What tools and cells returned in the open turn (the last few, each cut): a memorize entry copying one is `quoted`. */
  readonly turnOutputs: readonly string[];
}

/** Tool results of one turn kept to compare memorize entries with: the latest ones are what the model just read. */
const MAX_QUOTE_SOURCES = 32;
/** Characters kept of each result: a quoted instruction sits in what the model read, and a whole log need not be kept. */
const MAX_QUOTE_SOURCE_CHARS = 20_000;

const withOutput = (s: ProposalState, text: string): ProposalState =>
  text.trim() === '' ? s : { ...s, turnOutputs: [...s.turnOutputs.slice(-(MAX_QUOTE_SOURCES - 1)), text.slice(0, MAX_QUOTE_SOURCE_CHARS)] };

const NOTHING: readonly AnyDraft[] = Object.freeze([]);
const NONE: ReadonlySet<string> = new Set();

const evolve = (s: ProposalState, e: AnyEnvelope): ProposalState => {
  if (e.type === 'executive.session.started') return e.data.modes.memory === s.mode ? s : { ...s, mode: e.data.modes.memory };
  if (e.type === 'executive.turn.started') return s.memorizeCalls.size === 0 && s.turnOutputs.length === 0 ? s : { ...s, memorizeCalls: NONE, turnOutputs: [] };
  if (e.type === 'executive.tool.resulted' && e.data.name !== MEMORIZE_TOOL_NAME) return withOutput(s, `${e.data.output}\n${e.data.error}`);
  if (e.type === 'scratchpad.cell.executed') return withOutput(s, `${e.data.stdout}\n${e.data.stderr}\n${e.data.error}`);
  if (e.type === 'llm.call.completed' && e.data.purpose === TURN_PURPOSE) {
    const ids = e.data.response.content.flatMap((b) => (b.type === 'tool_use' && b.name === MEMORIZE_TOOL_NAME ? [b.id] : []));
    return ids.length === 0 && s.memorizeCalls.size === 0 ? s : { ...s, memorizeCalls: new Set(ids) };
  }
  return s;
};

/**
 * What the cortex is asked to remember, as a pure core:
 * - every lesson a region publishes (`acc.lesson.detected`, `cerebellum.lesson.learned`) becomes
 *   one `cortex.engram.proposed`, remembered the way the region that learned it says
 *   (`lessonToEngram` of each);
 * - a `memorize` call the model made in an engram-driven turn (its tool_use is in the recorded
 *   answer) becomes one proposal per valid entry (`planMemorize`, from the recorded, scrubbed
 *   input), so replay re-derives what the model asked to remember; the tool handler reports how
 *   the effect carried them out.
 * Each proposal records its trust tier: `detector` for the regions' lessons; for a memorize entry
 * `quoted` when it copies a sentence of what a tool or cell returned this turn (`quotedFrom`), else
 * `model`. Each proposal records the mode in force as its gate; the cortex's gate (`cortexCore`) then
 * decides whether it is encoded, queued or dropped. It lives in the composition root because
 * regions never import each other.
 */
export const proposalCore: RegionCore<ProposalState, Readonly<Record<string, never>>, 'cortex.proposals'> = {
  id: 'cortex.proposals',
  source: 'cortex',
  initialState: () => ({ mode: DEFAULT_MEMORY_MODE, memorizeCalls: NONE, turnOutputs: [] }),
  evolve,
  react: (s, e) => {
    if (e.type === 'acc.lesson.detected')
      return [draft('cortex.engram.proposed', { proposalId: lessonProposalId(e.id), engram: accLessonToEngram(e.data), origin: 'acc', gate: s.mode, trust: 'detector' })];
    if (e.type === 'cerebellum.lesson.learned')
      return [draft('cortex.engram.proposed', { proposalId: lessonProposalId(e.id), engram: cerebellumLessonToEngram(e.data), origin: 'cerebellum', gate: s.mode, trust: 'detector' })];
    if (e.type === 'executive.tool.called' && e.data.name === MEMORIZE_TOOL_NAME && s.memorizeCalls.has(e.data.toolUseId)) {
      const plan = planMemorize(e.data.input, s.mode !== 'off');
      if (!plan.ok) return NOTHING;
      return plan.engrams.map((engram, i) => {
        const corrects = plan.corrections[i] ?? null;
        const trust = quotedFrom(engram.text, s.turnOutputs) ? 'quoted' : 'model';
        return draft('cortex.engram.proposed', { proposalId: memorizeProposalId(e.id, i + 1), engram, origin: 'memorize', gate: s.mode, trust, ...(corrects === null ? {} : { supersedes: [corrects] }) });
      });
    }
    return NOTHING;
  },
};
