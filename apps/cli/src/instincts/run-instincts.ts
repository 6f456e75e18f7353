import { analyzeInstincts, defaultBasalGangliaParams, InstinctStore, type Instinct, type InstinctPlan } from '@engram/basal-ganglia';
import { instinctJson, instinctLine, scoreJson } from './instinct-json.js';
import { instinctRoots, InstinctUsageError, type InstinctOptions } from './instinct-roots.js';
import { readEventLogs } from '../memory/event-log-files.js';
import { recordLifecycle } from './record-lifecycle.js';

export interface InstinctIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const defaultIo: InstinctIo = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) };

export type LoopCommand = 'analyze' | 'promote' | 'archive';

/** Runs a body and maps failures to exit codes: 2 for usage, 1 for anything else (message, no stack). */
const guarded = (name: string, io: InstinctIo, body: () => number): number => {
  try {
    return body();
  } catch (err) {
    io.err(`engram instincts ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof InstinctUsageError ? 2 : 1;
  }
};

const guardedAsync = async (name: string, io: InstinctIo, body: () => Promise<number>): Promise<number> => {
  try {
    return await body();
  } catch (err) {
    io.err(`engram instincts ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof InstinctUsageError ? 2 : 1;
  }
};

const planText = (plan: InstinctPlan): string[] => [
  ...plan.active.map(instinctLine),
  ...plan.promoted.map((id) => `promoted: ${id}`),
  ...plan.promotable.map((id) => `promotable (run \`engram instincts promote\`): ${id}`),
  ...plan.archived.map((i) => `archived (${i.archiveReason ?? '?'}): ${i.id}`),
];

/**
 * `analyze` (score the window, track and archive), `promote` (the same plus the promotion check,
 * rewriting generated-rules.md), `archive` (re-score tracked instincts only and archive the
 * decayed or stale ones; with an id, archive that one by hand). Promotions and archives are also
 * recorded as events in a log of their own, for the audit; a failure there is reported (exit 1)
 * after the instinct files are written, so nothing decided is lost.
 */
export const runLoop = async (command: LoopCommand, options: InstinctOptions & { id?: string }, io: InstinctIo = defaultIo): Promise<number> => {
  let decided: { eventsDir: string; now: number; plan: InstinctPlan } | null = null;
  const code = await guardedAsync(command, io, () => {
    const roots = instinctRoots(options);
    const store = new InstinctStore(roots.instinctsDir);
    // Read, analyse and write as one step under the store's lock: a concurrent run cannot lose this one's update.
    return store.locked((tx) => {
    const stored = tx.read();
    const problems = stored.problems.map((p) => `${p.file}: ${p.problem}`);
    let plan: InstinctPlan;
    let observations = 0;
    let scores: ReturnType<typeof scoreJson>[] = [];
    let files: string[] = [];
    if (command === 'archive' && options.id !== undefined) {
      const target = stored.tracked.find((i) => i.id === options.id);
      if (target === undefined) throw new InstinctUsageError(`no tracked instinct ${JSON.stringify(options.id)} in ${roots.instinctsDir}`);
      const archived: Instinct = { ...target, status: 'archived', archivedAt: new Date(roots.now).toISOString(), archiveReason: 'manual' };
      plan = { active: stored.tracked.filter((i) => i !== target), archived: [archived], promoted: [], promotable: [] };
    } else {
      const logs = readEventLogs(roots.eventDirs);
      problems.push(...logs.problems);
      files = logs.files;
      const a = analyzeInstincts({
        events: logs.logs.flat(),
        existing: stored.tracked,
        now: roots.now,
        params: defaultBasalGangliaParams,
        track: command !== 'archive',
        promote: command === 'promote',
      });
      plan = a.plan;
      observations = a.observations;
      scores = a.scores.map(scoreJson);
    }
    tx.write(plan);
    decided = { eventsDir: roots.lifecycleEventsDir, now: roots.now, plan };
    for (const p of problems) io.err(`warning: ${p}\n`);
    if (options.json === true) {
      io.out(
        `${JSON.stringify({
          command,
          now: new Date(roots.now).toISOString(),
          instinctsDir: roots.instinctsDir,
          rulesFile: store.rulesFile,
          logs: files,
          observations,
          patterns: scores,
          active: plan.active.map(instinctJson),
          archived: plan.archived.map(instinctJson),
          promoted: plan.promoted,
          promotable: plan.promotable,
          problems,
        })}\n`,
      );
    } else {
      io.out(`${observations} tool calls in ${files.length} logs; ${plan.active.length} instincts tracked in ${roots.instinctsDir}\n`);
      const lines = planText(plan);
      if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
    }
    return 0;
    });
  });
  if (code !== 0 || decided === null) return code;
  const { eventsDir, now, plan }: { eventsDir: string; now: number; plan: InstinctPlan } = decided;
  try {
    await recordLifecycle(eventsDir, now, plan);
    return 0;
  } catch (err) {
    io.err(`engram instincts ${command}: instinct files written, but recording the audit events in ${eventsDir} failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
};

/** `list`: the tracked instincts (with `--all`, the archived ones too), strongest first. */
export const runList = (options: InstinctOptions & { all?: boolean }, io: InstinctIo = defaultIo): number =>
  guarded('list', io, () => {
    const roots = instinctRoots(options);
    const stored = new InstinctStore(roots.instinctsDir).read();
    for (const p of stored.problems) io.err(`warning: ${p.file}: ${p.problem}\n`);
    const shown = [...stored.tracked, ...(options.all === true ? stored.archived : [])].sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id));
    if (options.json === true) io.out(`${JSON.stringify({ instinctsDir: roots.instinctsDir, instincts: shown.map(instinctJson) })}\n`);
    else io.out(shown.length === 0 ? `no instincts in ${roots.instinctsDir}\n` : `${shown.map(instinctLine).join('\n')}\n`);
    return 0;
  });

/** `show <id>`: one instinct, tracked or archived, with the file it lives in. Exit 1 when unknown. */
export const runShow = (id: string, options: InstinctOptions, io: InstinctIo = defaultIo): number =>
  guarded('show', io, () => {
    const roots = instinctRoots(options);
    const store = new InstinctStore(roots.instinctsDir);
    const stored = store.read();
    const found = [...stored.tracked, ...stored.archived].find((i) => i.id === id);
    if (found === undefined) {
      io.err(`engram instincts show: no instinct ${JSON.stringify(id)} in ${roots.instinctsDir}\n`);
      return 1;
    }
    const file = store.fileOf(found);
    if (options.json === true) io.out(`${JSON.stringify({ file, instinct: instinctJson(found) })}\n`);
    else
      io.out(
        [
          instinctLine(found),
          found.description,
          `frequency ${found.frequency.toFixed(2)} x consistency ${found.consistency.toFixed(2)} (x recency) = ${found.confidence.toFixed(2)}`,
          `first seen ${found.firstSeen}, last seen ${found.lastSeen}`,
          `not counted (seen while its own rule was injected): ${found.selfConfirmed}`,
          `file: ${file}`,
          '',
        ].join('\n'),
      );
    return 0;
  });
