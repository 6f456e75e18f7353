import { InputError } from '@engram/kernel';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';

/** One dialog turn of a LoCoMo conversation, as the recall bench stores it. */
export interface LocomoTurn {
  /** `D<session>:<n>`: the id a question's evidence names. */
  readonly diaId: string;
  readonly speaker: string;
  readonly text: string;
  /** The session number (1-based) and its date as written, e.g. `1:56 pm on 8 May, 2023`. */
  readonly session: number;
  readonly sessionDate: string;
  /** The session date in ms since the epoch (UTC), or null when it cannot be read. */
  readonly sessionMs: number | null;
}

interface LocomoQuestion {
  readonly question: string;
  readonly category: number;
  readonly evidence: readonly string[];
}

export interface LocomoConversation {
  /** The file it came from (its name, for messages and reports). */
  readonly name: string;
  readonly turns: readonly LocomoTurn[];
  /** Categories 1-4 only: category 5 is adversarial and has no usable evidence. */
  readonly questions: readonly LocomoQuestion[];
}

/** Category 5 questions are unanswerable by design (the dataset's README): left out of retrieval scores. */
const ADVERSARIAL_CATEGORY = 5;

const TurnSchema = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string() });
const QaSchema = z.object({ question: z.string(), category: z.number().int(), evidence: z.array(z.string()).optional() });
const FileSchema = z.looseObject({ speaker_a: z.string(), speaker_b: z.string(), qa: z.array(QaSchema) });

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `1:56 pm on 8 May, 2023` as UTC ms, or null. */
export const parseLocomoDate = (text: string): number | null => {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (m === null) return null;
  const month = MONTHS.indexOf((m[5] ?? '').toLowerCase());
  if (month < 0) return null;
  const hour = (Number(m[1]) % 12) + ((m[3] ?? '').toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
};

/** Evidence ids as the dataset writes them: mostly one per string, sometimes several joined by `;` or spaces. */
const evidenceIds = (raw: readonly string[]): string[] => raw.flatMap((e) => e.split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));

const issuePath = (path: readonly PropertyKey[]): string => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');

/** Parses one conversation file's JSON; a shape error names the file and the field. */
const parseLocomoConversation = (name: string, json: unknown): LocomoConversation => {
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError('', [{ field: '', problem: `${name}: ${issue === undefined ? 'not a LoCoMo conversation' : `field ${issuePath(issue.path) || '(top level)'}: ${issue.message}`}` }]);
  }
  const file = parsed.data;
  const turns: LocomoTurn[] = [];
  const sessions = Object.keys(file)
    .map((k) => /^session_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  for (const n of sessions) {
    const list = z.array(TurnSchema).safeParse(file[`session_${n}`]);
    if (!list.success) {
      const issue = list.error.issues[0];
      throw new InputError('', [{ field: '', problem: `${name}: field session_${n}${issue === undefined ? '' : issuePath(['', ...issue.path])}: ${issue?.message ?? 'not a list of turns'}` }]);
    }
    const dateField = file[`session_${n}_date_time`];
    const sessionDate = typeof dateField === 'string' ? dateField : '';
    const sessionMs = parseLocomoDate(sessionDate);
    for (const t of list.data) turns.push({ diaId: t.dia_id, speaker: t.speaker, text: t.text, session: n, sessionDate, sessionMs });
  }
  const questions = file.qa.filter((q) => q.category !== ADVERSARIAL_CATEGORY).map((q) => ({ question: q.question, category: q.category, evidence: evidenceIds(q.evidence ?? []) }));
  return { name, turns, questions };
};

/** Reads a conversation file, or every `*.json` of a folder (sorted by name); symbolic links are refused. */
export const readLocomo = (path: string): LocomoConversation[] => {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) throw new InputError(path, [{ field: '', problem: 'is a symbolic link, which engram never follows' }]);
  const files = st.isDirectory()
    ? readdirSync(path)
        .filter((n) => n.endsWith('.json'))
        .sort()
        .map((n) => join(path, n))
    : [path];
  if (files.length === 0) throw new InputError(path, [{ field: '', problem: 'no .json conversation files' }]);
  return files.map((f) => {
    if (lstatSync(f).isSymbolicLink()) throw new InputError(f, [{ field: '', problem: 'is a symbolic link, which engram never follows' }]);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(f, 'utf8'));
    } catch (err) {
      throw new InputError(f, [{ field: '', problem: `not JSON: ${err instanceof Error ? err.message : String(err)}` }]);
    }
    return parseLocomoConversation(st.isDirectory() ? basename(f) : f, json);
  });
};
