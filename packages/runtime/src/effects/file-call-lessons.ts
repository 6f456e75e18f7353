import { join } from 'node:path';
import { z } from 'zod';
import { mergeCallLesson, type StoredCallLesson } from '@engram/cerebellum';
import type { EventData } from '@engram/events';
import { scrubValue } from '@engram/kernel';
import { DEFAULT_LOCK_SETTINGS, ensureDir, readTextContained, StampedCache, withLock, writeFileAtomic } from '@engram/fs';
import { TaggedError } from '@engram/kernel';

/** The file a project keeps its call lessons in, inside `<project>/.engram`. */
const CALL_LESSONS_FILE = 'call-lessons.json';

const Count = z.number().int().min(0);
const CallSchema = z.object({ tool: z.string(), pattern: z.string() });
const StoredSchema = z.object({
  lessonId: z.string(),
  failed: CallSchema,
  errorLine: z.string(),
  signature: z.string(),
  recovery: CallSchema.extend({ afterWrites: z.boolean() }),
  text: z.string(),
  count: Count,
  sessions: z.array(z.string()),
  firstSeen: z.string(),
  lastSeen: z.string(),
  use: z.object({ shown: Count, ignored: Count, otherError: Count, heeded: Count }),
});
const FileSchema = z.object({ engramCallLessons: z.literal(1), lessons: z.array(z.unknown()) });

export interface CallLessonsRead {
  readonly lessons: readonly StoredCallLesson[];
  /** What could not be read, one line each (file and entry). */
  readonly problems: readonly string[];
}

/** Refused write: the file holds something that cannot be read back, and rewriting would lose it. */
class CallLessonsFileError extends TaggedError('CallLessonsFileError')<{ readonly reason: 'unreadable'; readonly problem: string; readonly message: string }> {
  constructor(problem: string) {
    super({ reason: 'unreadable', problem, message: `${problem}; fix or remove it by hand (nothing was written)` });
  }
}

const parse = (text: string, file: string): CallLessonsRead => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { lessons: [], problems: [`${file}: not JSON (${(err as Error).message})`] };
  }
  const top = FileSchema.safeParse(raw);
  if (!top.success) return { lessons: [], problems: [`${file}: not a call-lessons file (engramCallLessons: 1, lessons: [...])`] };
  const lessons: StoredCallLesson[] = [];
  const problems: string[] = [];
  top.data.lessons.forEach((l, i) => {
    const r = StoredSchema.safeParse(l);
    if (r.success) lessons.push(r.data);
    else problems.push(`${file}: lessons[${i}].${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  });
  return { lessons, problems };
};

const render = (lessons: readonly StoredCallLesson[]): string =>
  `${JSON.stringify({ engramCallLessons: 1, lessons: [...lessons].sort((a, b) => a.lessonId.localeCompare(b.lessonId)) }, null, 2)}\n`;

/**
 * A project's call lessons (issue 24): one JSON file, `<project>/.engram/call-lessons.json`,
 * read tolerantly (cached by size and mtime: it is read before every call) and rewritten whole
 * (atomic, under the cross-process lock) so concurrent sessions merge rather than overwrite. A
 * lesson learned again is merged (its evidence counted); its record of use is updated in place.
 */
export class FileCallLessons {
  readonly file: string;
  private readonly cache: StampedCache<CallLessonsRead>;

  constructor(
    private readonly projectDir: string,
    private readonly root: string,
  ) {
    this.file = join(projectDir, CALL_LESSONS_FILE);
    this.cache = new StampedCache([this.file]);
  }

  list(): CallLessonsRead {
    try {
      return this.cache.read(() => {
        const text = readTextContained(this.root, this.file);
        return text === null ? { lessons: [], problems: [] } : parse(text, this.file);
      });
    } catch (err) {
      return { lessons: [], problems: [`${this.file}: cannot read: ${(err as Error).message}`] };
    }
  }


  /** Merges a learned lesson (scrubbed) into the file. */
  record(learned: EventData<'cerebellum.call.learned'>, at: string, sessionId: string): Promise<StoredCallLesson> {
    const clean = scrubValue(learned) as EventData<'cerebellum.call.learned'>;
    return this.change((lessons) => {
      const merged = mergeCallLesson(
        lessons.find((l) => l.lessonId === clean.lessonId),
        clean,
        at,
        sessionId,
      );
      return { lessons: [...lessons.filter((l) => l.lessonId !== clean.lessonId), merged], result: merged };
    });
  }

  /** Updates one lesson (its record of use); a lesson no longer in the file is left alone. */
  update(lessonId: string, fn: (l: StoredCallLesson) => StoredCallLesson): Promise<StoredCallLesson | null> {
    return this.change((lessons) => {
      const found = lessons.find((l) => l.lessonId === lessonId);
      if (found === undefined) return { lessons: null, result: null };
      const next = fn(found);
      return { lessons: lessons.map((l) => (l.lessonId === lessonId ? next : l)), result: next };
    });
  }

  private change<T>(fn: (lessons: readonly StoredCallLesson[]) => { lessons: readonly StoredCallLesson[] | null; result: T }): Promise<T> {
    ensureDir(this.root, this.projectDir);
    return withLock(this.file, DEFAULT_LOCK_SETTINGS, (assertHeld) => {
      const text = readTextContained(this.root, this.file);
      const read = text === null ? { lessons: [], problems: [] } : parse(text, this.file);
      const [problem] = read.problems;
      if (problem !== undefined) throw new CallLessonsFileError(problem);
      const { lessons, result } = fn(read.lessons);
      if (lessons !== null) {
        writeFileAtomic(this.file, render(lessons), { root: this.root, beforeCommit: assertHeld });
        this.cache.clear();
      }
      return result;
    });
  }
}
