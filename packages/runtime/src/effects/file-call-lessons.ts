import { z } from 'zod';
import { mergeCallLesson, type StoredCallLesson } from '@engram/cerebellum';
import { StoredCallLessonSchema, type EventData } from '@engram/events';
import { scrubValue } from '@engram/kernel';
import { ProjectJsonFile } from './project-json-file.js';
import { compareCodeUnits } from '@engram/kernel';

/** The file a project keeps its call lessons in, inside `<project>/.engram`. */
const CALL_LESSONS_FILE = 'call-lessons.json';

const FileSchema = z.object({ engramCallLessons: z.literal(1), lessons: z.array(z.unknown()) });

export interface CallLessonsRead {
  readonly lessons: readonly StoredCallLesson[];
  /** What could not be read, one line each (file and entry). */
  readonly problems: readonly string[];
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
    const r = StoredCallLessonSchema.safeParse(l);
    if (r.success) lessons.push(r.data);
    else problems.push(`${file}: lessons[${i}].${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  });
  return { lessons, problems };
};

const render = (lessons: readonly StoredCallLesson[]): string =>
  `${JSON.stringify({ engramCallLessons: 1, lessons: [...lessons].sort((a, b) => compareCodeUnits(a.lessonId, b.lessonId)) }, null, 2)}\n`;

/**
 * A project's call lessons (issue 24): one JSON file, `<project>/.engram/call-lessons.json`,
 * read tolerantly (cached by size and mtime: it is read before every call) and rewritten whole
 * (atomic, under the cross-process lock) so concurrent sessions merge rather than overwrite. A
 * lesson learned again is merged (its evidence counted); its record of use is updated in place.
 */
export class FileCallLessons {
  private readonly store: ProjectJsonFile<CallLessonsRead>;

  constructor(projectDir: string, root: string) {
    this.store = new ProjectJsonFile(projectDir, root, { name: CALL_LESSONS_FILE, empty: (problems) => ({ lessons: [], problems }), parse });
  }

  list(): CallLessonsRead {
    return this.store.read();
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
    return this.store.change((read) => {
      const { lessons, result } = fn(read.lessons);
      return { text: lessons === null ? null : render(lessons), result };
    });
  }
}
