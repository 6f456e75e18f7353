import { z } from 'zod';
import { EMPTY_OUTCOMES, MAX_OUTCOME_KEYS, mergeOutcomes, type OutcomeCounts, type OutcomeTable } from '@engram/cerebellum';
import { ProjectJsonFile } from './project-json-file.js';
import { compareCodeUnits } from '@engram/kernel';

/** The file a project keeps its record of calls in, inside `<project>/.engram`. */
const CALL_OUTCOMES_FILE = 'call-outcomes.json';

const Count = z.number().int().min(0);
const CountsSchema = z.object({ runs: Count, fails: Count, line: z.string(), at: z.string() });
const FileSchema = z.object({ engramCallOutcomes: z.literal(1), outcomes: z.record(z.string(), z.unknown()) });

interface CallOutcomesRead {
  readonly outcomes: OutcomeTable;
  /** What could not be read, one line each (file and key). */
  readonly problems: readonly string[];
}

const parse = (text: string, file: string): CallOutcomesRead => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { outcomes: EMPTY_OUTCOMES, problems: [`${file}: not JSON (${(err as Error).message})`] };
  }
  const top = FileSchema.safeParse(raw);
  if (!top.success) return { outcomes: EMPTY_OUTCOMES, problems: [`${file}: not a call-outcomes file (engramCallOutcomes: 1, outcomes: {...})`] };
  const outcomes = new Map<string, OutcomeCounts>();
  const problems: string[] = [];
  for (const [key, value] of Object.entries(top.data.outcomes)) {
    const r = CountsSchema.safeParse(value);
    if (r.success && r.data.fails <= r.data.runs) outcomes.set(key, r.data);
    else problems.push(`${file}: outcomes[${JSON.stringify(key)}]${r.success ? '.fails: more failures than runs' : `.${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? 'invalid'}`}`);
  }
  return { outcomes, problems };
};

const render = (outcomes: OutcomeTable): string =>
  `${JSON.stringify({ engramCallOutcomes: 1, outcomes: Object.fromEntries([...outcomes.entries()].sort((a, b) => compareCodeUnits(a[0], b[0]))) })}\n`;

/**
 * A project's record of its calls (issue 24): runs and failures per call key, one JSON file,
 * `<project>/.engram/call-outcomes.json`, read tolerantly (cached by size and mtime: it is read
 * before every call) and merged under the cross-process lock at each turn's end (atomic), so
 * concurrent sessions add up rather than overwrite. Bounded to `MAX_OUTCOME_KEYS` keys, the least
 * recently run dropped first.
 */
export class FileCallOutcomes {
  private readonly store: ProjectJsonFile<CallOutcomesRead>;

  constructor(projectDir: string, root: string) {
    this.store = new ProjectJsonFile(projectDir, root, { name: CALL_OUTCOMES_FILE, empty: (problems) => ({ outcomes: EMPTY_OUTCOMES, problems }), parse });
  }

  list(): CallOutcomesRead {
    return this.store.read();
  }

  /** Adds a turn's record to the file. */
  merge(turn: OutcomeTable): Promise<void> {
    if (turn.size === 0) return Promise.resolve();
    return this.store.change((read) => ({ text: render(mergeOutcomes(read.outcomes, turn, MAX_OUTCOME_KEYS)), result: undefined }));
  }
}
