import type { Brain, InstinctRun, InstinctScope } from '@engram/runtime';
import type { InstinctPlan } from '@engram/basal-ganglia';
import { instinctJson, instinctLine, scoreJson } from './instinct-json.js';
import type { MemoryFlags } from '@engram/runtime';
import { failureExit } from '../memory/open-memory.js';

/** The flags every `engram instincts` command takes. */
export interface InstinctFlags extends MemoryFlags {
  readonly scope?: string;
  readonly now?: string;
  readonly json?: boolean;
}

export interface InstinctIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const defaultIo: InstinctIo = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) };

export type LoopCommand = 'analyze' | 'promote' | 'archive';

/** A usage problem: the command exits 2. */
class InstinctUsageError extends Error {
  override name = 'InstinctUsageError';
}

/**
 * The brain and the options of the runtime's instinct calls, from the flags: home is `--home`,
 * else `$ENGRAM_HOME`, else `~/.engram`; project is `--project`, else the current folder; the
 * store is `--store`/`--tenant` (or the variables: the logs and instincts then live there); `--now`
 * pins the analysis time (replays and tests). Close the brain when done.
 */
const open = async (o: InstinctFlags): Promise<{ brain: Brain; opts: { scope: InstinctScope; now?: number } }> => {
  const scope = o.scope ?? 'project';
  if (scope !== 'project' && scope !== 'global') throw new InstinctUsageError(`--scope must be project or global, not ${JSON.stringify(scope)}`);
  const now = o.now === undefined ? undefined : Date.parse(o.now);
  if (now !== undefined && Number.isNaN(now)) throw new InstinctUsageError(`--now must be an ISO time, not ${JSON.stringify(o.now)}`);
  const { openActiveBrain } = await import('@engram/runtime');
  const brain = await openActiveBrain({
    ...(o.home === undefined ? {} : { home: o.home }),
    ...(o.store === undefined ? {} : { store: o.store }),
    ...(o.tenant === undefined ? {} : { tenant: o.tenant }),
    project: o.project ?? process.cwd(),
    modes: { memory: 'autopilot' },
  });
  return { brain, opts: now === undefined ? { scope } : { scope, now } };
};

/**
 * Runs a body on the brain the flags open, closes it, and maps failures to exit codes: 2 for usage
 * (an unknown instinct to archive, a bad store setting too), 3 when the store cannot be reached, 1 for anything else.
 */
const guarded = async (name: string, io: InstinctIo, o: InstinctFlags, body: (brain: Brain, opts: { scope: InstinctScope; now?: number }) => Promise<number>): Promise<number> => {
  try {
    const { brain, opts } = await open(o);
    try {
      return await body(brain, opts);
    } finally {
      await brain.close();
    }
  } catch (err) {
    io.err(`engram instincts ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return failureExit(err, (e) => e instanceof InstinctUsageError || e instanceof RangeError);
  }
};

const planText = (plan: InstinctPlan): string[] => [
  ...plan.active.map(instinctLine),
  ...plan.promoted.map((id) => `promoted: ${id}`),
  ...plan.promotable.map((id) => `promotable (run \`engram instincts promote\`): ${id}`),
  ...plan.archived.map((i) => `archived (${i.archiveReason ?? '?'}): ${i.id}`),
];

const print = (command: LoopCommand, r: InstinctRun, json: boolean, io: InstinctIo): void => {
  for (const p of r.problems) io.err(`warning: ${p}\n`);
  const { plan } = r;
  if (json)
    io.out(
      `${JSON.stringify({ command, now: new Date(r.now).toISOString(), instinctsDir: r.instinctsDir, rulesFile: r.rulesFile, logs: r.logs, observations: r.observations, patterns: r.scores.map(scoreJson), active: plan.active.map(instinctJson), archived: plan.archived.map(instinctJson), promoted: plan.promoted, promotable: plan.promotable, problems: r.problems })}\n`,
    );
  else {
    io.out(`${r.observations} tool calls in ${r.logs.length} logs; ${plan.active.length} instincts tracked in ${r.instinctsDir}\n`);
    const lines = planText(plan);
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  }
};

/**
 * `analyze`, `promote`, `archive [id]` (`brain.instincts`). Promotions and archives are also
 * recorded as events; a failure there is reported (exit 1) after the instinct files are written,
 * so nothing decided is lost.
 */
export const runLoop = (command: LoopCommand, options: InstinctFlags & { id?: string }, io: InstinctIo = defaultIo): Promise<number> =>
  guarded(command, io, options, async (brain, opts) => {
    const r = await (command === 'archive' ? brain.instincts.archive(options.id === undefined ? opts : { ...opts, id: options.id }) : brain.instincts[command](opts));
    print(command, r, options.json === true, io);
    if (r.auditError === null) return 0;
    io.err(`engram instincts ${command}: instinct files written, but recording the audit events in ${r.eventsDir} failed: ${r.auditError.message}\n`);
    return 1;
  });

/** `list`: the tracked instincts (with `--all`, the archived ones too), strongest first. */
export const runList = (options: InstinctFlags & { all?: boolean }, io: InstinctIo = defaultIo): Promise<number> =>
  guarded('list', io, options, async (brain, opts) => {
    const { instinctsDir, instincts, problems } = await brain.instincts.list({ ...opts, all: options.all === true });
    for (const p of problems) io.err(`warning: ${p}\n`);
    if (options.json === true) io.out(`${JSON.stringify({ instinctsDir, instincts: instincts.map(instinctJson) })}\n`);
    else io.out(instincts.length === 0 ? `no instincts in ${instinctsDir}\n` : `${instincts.map(instinctLine).join('\n')}\n`);
    return 0;
  });

/** `show <id>`: one instinct, tracked or archived, with the file it lives in. Exit 1 when unknown. */
export const runShow = (id: string, options: InstinctFlags, io: InstinctIo = defaultIo): Promise<number> =>
  guarded('show', io, options, async (brain, opts) => {
    const { instinctsDir, found } = await brain.instincts.show(id, opts);
    if (found === null) {
      io.err(`engram instincts show: no instinct ${JSON.stringify(id)} in ${instinctsDir}\n`);
      return 1;
    }
    const { instinct: i, file } = found;
    if (options.json === true) io.out(`${JSON.stringify({ file, instinct: instinctJson(i) })}\n`);
    else
      io.out(
        [
          instinctLine(i),
          i.description,
          `frequency ${i.frequency.toFixed(2)} x consistency ${i.consistency.toFixed(2)} (x recency) = ${i.confidence.toFixed(2)}`,
          `first seen ${i.firstSeen}, last seen ${i.lastSeen}`,
          `not counted (seen while its own rule was injected): ${i.selfConfirmed}`,
          `file: ${file}`,
          '',
        ].join('\n'),
      );
    return 0;
  });
