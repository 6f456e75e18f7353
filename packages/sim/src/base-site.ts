import type { AnyEnvelope } from '@engram/events';
import { MAIN_PAD, TOOLS, type ScenarioSite } from './scenarios.js';

/** The scratchpad tool's name: its failures are cell debugging, not blind retries of a tool (docs/sim.md). */
const SCRATCHPAD_TOOL = 'scratchpad';
/** How a sprawling turn renames its pad: as many names as the stock list, so scenarios draw the same way. */
const RENAMES = ['_2', '_v2', '_new', '_tmp', '_final'] as const;

/**
 * Where scenarios act in a recorded turn: its most used pad (the first one on a tie; `main` if
 * it ran no cell), renames of that pad for name sprawl, and its own non-scratchpad tools for
 * blind retries (the stock tools when it called none, since a scratchpad cell failing the same
 * way is debugging the detectors should learn to ignore). Tool lists are topped up with stock
 * tools so patterns over 3-4 distinct tools can always be drawn.
 */
export const baseSite = (events: readonly AnyEnvelope[]): ScenarioSite => {
  const cells = new Map<string, number>();
  const real: string[] = [];
  for (const e of events) {
    if (e.type === 'scratchpad.cell.requested') cells.set(e.data.pad, (cells.get(e.data.pad) ?? 0) + 1);
    else if (e.type === 'executive.tool.called' && e.data.name !== SCRATCHPAD_TOOL && !real.includes(e.data.name)) real.push(e.data.name);
  }
  let pad = MAIN_PAD;
  let most = 0;
  for (const [name, n] of cells)
    if (n > most) {
      pad = name;
      most = n;
    }
  return {
    pad,
    otherPads: RENAMES.map((suffix) => `${pad}${suffix}`),
    tools: [...real, ...TOOLS.filter((t) => !real.includes(t))],
    retryTools: real.length > 0 ? real : TOOLS,
  };
};
