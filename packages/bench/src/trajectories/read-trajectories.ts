import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InputError, parseInput, parseJsonInput } from '@engram/kernel';
import { z } from 'zod';

/** One bash call of a recorded run, as the trajectories format keeps it (docs/trajectories-bench.md). */
const CallSchema = z.looseObject({
  i: z.number().int().nonnegative(),
  command: z.string(),
  /** Exit 0 and not killed. */
  ok: z.boolean(),
  /** The exit code; null when the command was killed. */
  rc: z.number().int().nullable(),
  timeout: z.boolean(),
  submit: z.boolean(),
  output: z.string(),
});

/** One recorded run: a task worked in one turn, in one repository. */
const SessionSchema = z.looseObject({
  id: z.string().min(1),
  repo: z.string().min(1),
  session_id: z.string().min(1),
  start: z.number(),
  end: z.number(),
  order: z.number().int(),
  prompt: z.string(),
  calls: z.array(CallSchema),
  format_errors: z.number().int().nonnegative().optional(),
  exit_status: z.string().nullish(),
  last_message: z.string().nullish(),
  model: z.string().nullish(),
});

export type TrajectoryCall = z.output<typeof CallSchema>;
export type TrajectorySession = z.output<typeof SessionSchema>;

/** gzip's magic number: the file is read compressed or not by its bytes, not its name. */
const isGzip = (bytes: Buffer): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The sessions of a trajectories file (`sessions.jsonl` or `.jsonl.gz`, one session a line), in
 * file order, the first `limit` when given. Every line is checked: a bad one is an `InputError`
 * naming the file, the line and the field. Blank lines are skipped.
 */
export const readTrajectories = (file: string, limit = Number.POSITIVE_INFINITY): TrajectorySession[] => {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new InputError(file, [{ field: '', problem: `cannot be read (${err instanceof Error ? err.message : String(err)})` }]);
  }
  let text: string;
  try {
    text = (isGzip(bytes) ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (err) {
    throw new InputError(file, [{ field: '', problem: `is not a readable gzip file (${err instanceof Error ? err.message : String(err)})` }]);
  }
  const sessions: TrajectorySession[] = [];
  const lines = text.split('\n');
  for (let n = 0; n < lines.length && sessions.length < limit; n++) {
    const line = lines[n]?.trim() ?? '';
    if (line === '') continue;
    const source = `${file}:${n + 1}`;
    sessions.push(parseInput(SessionSchema, parseJsonInput(line, source), source));
  }
  if (sessions.length === 0) throw new InputError(file, [{ field: '', problem: 'holds no sessions (expected one JSON object a line)' }]);
  return sessions;
};
