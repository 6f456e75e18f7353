import { basename, resolve } from 'node:path';
import { parseMemoryMode, type Cortex, type PendingItem, type QuarantineItem } from '@engram/cortex';
import { draft, type AnyEnvelope } from '@engram/events';
import { FileEpisodeStore, FileRecipeStore, formatRecipe, textMeaning, type StoredRecipe } from '@engram/hippocampus';
import { readRecallQuery, scrubSecrets, trustOf, type EngramScope, type MemoryEntry, type MemoryDiagnostic } from '@engram/kernel';
import { createBrain, eventLogDirs, jsonlFilesIn, normalizeEntryText, openMemory, readEventLogs, recordEvents, traceProvenance, type Brain, type EventLogs, type ForgetReport, type MemoryAudit, type Provenance } from '@engram/runtime';
import type { Instinct } from '@engram/basal-ganglia';
import { formatProblem, readLogFile } from '@engram/store';
import { parseWhatIfParams, replayLogFile, type SessionReplay } from '@engram/replay';
import { scrubStrings } from './data/scrub-strings.js';
import { sessionHeld } from './effects/session-held.js';
import { confidenceOverTime, type ConfidenceSeries } from './data/confidence-over-time.js';
import { entryUsage, usageIndex, type EntryUsage } from './data/entry-usage.js';
import { isSessionLog, sessionRow, type SessionRow } from './data/session-row.js';
import { timelineItems, type TimelineItem } from './data/timeline-items.js';
import { searchMemory, type ScopedEntry } from './data/search-memory.js';

export interface ViewSourceOptions {
  /** The global root (`--home`); default `$ENGRAM_HOME` or ~/.engram. */
  readonly home?: string | undefined;
  /** The project folder (`--project`); default none. */
  readonly project?: string | null | undefined;
  readonly env?: NodeJS.ProcessEnv;
}

export interface SessionTimeline {
  readonly row: SessionRow;
  readonly items: readonly TimelineItem[];
  readonly problems: readonly string[];
}

/** A stored entry with what the Memory page shows about it. */
export interface EntryView {
  readonly entry: MemoryEntry;
  readonly scope: EngramScope;
  readonly trust: string;
  readonly usage: EntryUsage;
  /** The latest encodings of its text (at most `MAX_PROVENANCE`), newest first, each with the chain of events that caused it. */
  readonly provenance: readonly (Provenance & { readonly logId: string })[];
  /** How many encodings of its text the logs hold in all. */
  readonly encodings: number;
}

export interface ScopeView {
  readonly scope: EngramScope;
  readonly dir: string;
  readonly rules: readonly EntryView[];
  readonly lessons: readonly EntryView[];
  readonly profile: readonly EntryView[];
  readonly diagnostics: readonly MemoryDiagnostic[];
  /** Entries copilot mode waits to have confirmed that would go to this scope. */
  readonly pending: readonly PendingItem[];
  /** Entries held at write time that would go to this scope. */
  readonly quarantine: readonly QuarantineItem[];
}

export interface MemoryView {
  readonly scopes: readonly ScopeView[];
  readonly problems: readonly string[];
}

export interface LearningView {
  readonly stats: MemoryAudit;
  readonly instincts: readonly (Instinct & { readonly scope: 'project' | 'global' })[];
  readonly recipes: readonly (StoredRecipe & { readonly text: string })[];
  readonly confidence: readonly ConfidenceSeries[];
  /** The learning curve: failures per session, oldest first. */
  readonly sessions: readonly SessionRow[];
  readonly problems: readonly string[];
}

export type ReplayView =
  | { readonly ok: true; readonly logId: string; readonly replay: SessionReplay; readonly problems: readonly string[]; readonly paramsError: string | null }
  | { readonly ok: false; readonly logId: string; readonly error: string };

export interface SearchView {
  readonly query: string;
  /** Entries of both scopes, best first. */
  readonly entries: readonly ScopedEntry[];
  /**
   * Turns of the project's sessions, best first (none without a project): each with its episodes
   * in order, the matching ones marked, and its session's log id when that log is here (the
   * timeline to link to), else null.
   */
  readonly turns: readonly {
    readonly session: string;
    readonly logId: string | null;
    readonly episodes: readonly { readonly ts: string; readonly role: string; readonly content: string; readonly hit: boolean }[];
  }[];
  readonly problems: readonly string[];
}

/** Results shown per half of the search page: a page of answers, not an export. */
const SEARCH_RESULTS = 20;

export type Decision = 'accept' | 'reject';

/** What a write action did, in the CLI's words. */
export interface WriteOutcome {
  readonly ok: boolean;
  readonly message: string;
}

/** Session logs are named after their session id; anything else in a URL is refused before a path is made. */
const LOG_ID = /^[A-Za-z0-9_.-]{1,128}$/;

const ENTRY_SCOPES: readonly EngramScope[] = ['global', 'project'];

/**
 * Encodings shown per entry: a rule re-learned in every session of a long history has one chain
 * per session, and the newest few say why it is believed now (the count says how many there are).
 */
export const MAX_PROVENANCE = 5;

/**
 * Everything the web app reads and the few things it writes, for one home and project. Reads go
 * through the packages that own the data (the event logs' reader, the stores, the audit, the habit
 * loop, replay); writes through the same calls the CLI makes. Nothing is cached: each call reads
 * the files as they are now.
 */
export class ViewSource {
  readonly brain: Brain;
  private readonly env: NodeJS.ProcessEnv;

  constructor(options: ViewSourceOptions = {}) {
    this.env = options.env ?? process.env;
    const project = options.project === undefined || options.project === null ? null : resolve(options.project);
    this.brain = createBrain({ ...(options.home === undefined ? {} : { home: options.home }), project, env: this.env, instincts: { auto: false } });
  }

  get home(): string {
    return this.brain.paths.home;
  }

  get project(): string | null {
    return this.brain.paths.project;
  }

  private dirs(): string[] {
    const p = this.brain.paths;
    return p.project === null ? [p.globalEventsDir] : eventLogDirs(p.home, p.project);
  }

  /**
   * Every log of the project and the home, as read. What is shown from them is scrubbed on the way
   * out (`scrubStrings`): a log can come from an older engram, another tool or a hand, and nothing
   * is shown unscrubbed. Scrubbing what is shown, not every event read, keeps a page over a long
   * history as fast as reading it.
   */
  private readLogs(): EventLogs {
    const read = readEventLogs(this.dirs());
    return { ...read, problems: read.problems.map((p) => scrubSecrets(p)) };
  }

  /** The log file of a session id, found among the logs (never built from the id). */
  logFile(id: string): string | null {
    if (!LOG_ID.test(id)) return null;
    return this.dirs().flatMap(jsonlFilesIn).find((f) => basename(f, '.jsonl') === id) ?? null;
  }

  /** Every session log, newest first. */
  sessions(): { readonly rows: readonly SessionRow[]; readonly problems: readonly string[] } {
    return sessionRows(this.readLogs());
  }

  /** A session's timeline, or null when no log has that id. */
  timeline(id: string): SessionTimeline | null {
    const file = this.logFile(id);
    if (file === null) return null;
    return timelineOfFile(file);
  }

  async memory(): Promise<MemoryView> {
    const p = this.brain.paths;
    const read = this.readLogs();
    const problems = [...read.problems];
    const byId = new Map<string, AnyEnvelope>();
    for (const log of read.logs) for (const e of log) byId.set(e.id, e);
    const index = usageIndex(read.logs);
    const scopes: ScopeView[] = [];
    const stored: { scope: EngramScope; entry: MemoryEntry; group: 'rules' | 'lessons' | 'profile' }[] = [];
    const snaps = new Map<EngramScope, { dir: string; diagnostics: readonly MemoryDiagnostic[] }>();
    for (const scope of ENTRY_SCOPES) {
      const store = this.brain.stores.semantic[scope];
      if (store === null) continue;
      const dir = p.memoryDir(scope);
      const snap = await store.read();
      for (const entry of snap.rules) stored.push({ scope, entry, group: 'rules' });
      for (const entry of snap.lessons) stored.push({ scope, entry, group: 'lessons' });
      for (const entry of snap.identities) stored.push({ scope, entry, group: 'profile' });
      snaps.set(scope, { dir, diagnostics: snap.diagnostics });
    }
    // One provenance pass over every log for every stored text, then grouped by the encoded text.
    const texts = new Set(stored.map((s) => normalizeEntryText(s.entry.text)));
    const chains = new Map<string, (Provenance & { logId: string })[]>();
    read.files.forEach((file, i) => {
      for (const prov of traceProvenance(read.logs[i] ?? [], file, texts)) {
        const encoded = byId.get(prov.chain[0]?.id ?? '');
        if (encoded?.type !== 'hippocampus.engram.encoded') continue;
        const key = normalizeEntryText(encoded.data.engram.text);
        const list = chains.get(key) ?? [];
        list.push({ ...scrubStrings(prov), logId: basename(file, '.jsonl') });
        chains.set(key, list);
      }
    });
    const cortex = this.cortex();
    let pending: readonly PendingItem[] = [];
    let quarantine: readonly QuarantineItem[] = [];
    try {
      // Shown scrubbed like everything else: files a hand or an older engram wrote may hold a secret.
      pending = (await cortex.pendingItems()).map((x) => ({ ...x, engram: { ...x.engram, text: scrubSecrets(x.engram.text) } }));
      quarantine = (await cortex.quarantineItems()).map((x) => ({ ...x, engram: { ...x.engram, text: scrubSecrets(x.engram.text) } }));
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
    const viewOf = (s: (typeof stored)[number]): EntryView => {
      const all = chains.get(normalizeEntryText(s.entry.text)) ?? [];
      const lessonIds = new Set<string>();
      for (const prov of all)
        for (const step of prov.chain) {
          const e = byId.get(step.id);
          if (e?.type === 'acc.lesson.detected') lessonIds.add(e.data.lessonId);
        }
      return { entry: s.entry, scope: s.scope, trust: trustOf(s.entry), usage: entryUsage(index, s.entry, lessonIds), provenance: all.slice(-MAX_PROVENANCE).reverse(), encodings: all.length };
    };
    const targetOf = (scope: EngramScope | null): EngramScope => (scope === 'global' || p.project === null ? 'global' : 'project');
    for (const [scope, snap] of snaps) {
      const mine = stored.filter((s) => s.scope === scope);
      scopes.push({
        scope,
        dir: snap.dir,
        rules: mine.filter((s) => s.group === 'rules').map(viewOf),
        lessons: mine.filter((s) => s.group === 'lessons').map(viewOf),
        profile: mine.filter((s) => s.group === 'profile').map(viewOf),
        diagnostics: snap.diagnostics,
        pending: pending.filter((x) => targetOf(x.engram.scope) === scope),
        quarantine: quarantine.filter((x) => targetOf(x.engram.scope) === scope),
      });
    }
    return { scopes, problems };
  }

  /**
   * The search box: the same ranked recall the agent uses, through the brain's stores (files or
   * PostgreSQL) and its embedder when one is configured: over memory (both scopes' entries,
   * `searchMemory`, words and meaning fused as the memory block fuses them) and over the project's
   * sessions (their episodes through `EpisodeStore.search`, as MCP `recall` answers; a quoted query
   * keeps Anton's substring match). Shown scrubbed. An embedder that fails leaves the words'
   * ranking and says so among the problems.
   */
  async search(query: string): Promise<SearchView> {
    const { paths: p, stores, embedder } = this.brain;
    const problems: string[] = [];
    const stored: ScopedEntry[] = [];
    for (const scope of ENTRY_SCOPES) {
      const store = scope === 'global' ? stores.semantic.global : stores.semantic.project;
      if (store === null) continue;
      const snap = await store.read();
      for (const entry of [...snap.rules, ...snap.lessons, ...snap.identities]) stored.push({ scope, entry: { ...entry, text: scrubSecrets(entry.text) } });
    }
    const q = readRecallQuery(query);
    let meaning: ReadonlyMap<string, number> | undefined;
    if (embedder !== null && stores.textVectors !== undefined && !q.literal && q.text.trim() !== '' && stored.length > 0) {
      try {
        meaning = await textMeaning(embedder, stores.textVectors).rank(q.text, stored.map((e) => e.entry));
      } catch (e) {
        problems.push(`meaning not used (words only): ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const entries = searchMemory(stored, query, SEARCH_RESULTS, meaning);
    const opened = stores.episodes === 'sqlite' ? (p.project === null ? null : new FileEpisodeStore({ projectDir: p.project, embedder })) : stores.episodes;
    if (opened === null || query.trim() === '') return { query, entries, turns: [], problems: problems.map((x) => scrubSecrets(x)) };
    try {
      const found = q.literal ? await opened.recall(q.text, { maxResults: SEARCH_RESULTS }) : await opened.search(q.text, { maxResults: SEARCH_RESULTS });
      const logs = new Set(this.dirs().flatMap(jsonlFilesIn).map((f) => basename(f, '.jsonl')));
      const turns = found.groups.map((g) => ({
        session: g.session,
        logId: logs.has(g.session) ? g.session : null,
        episodes: g.episodes.map(({ episode: e, hit }) => ({ ts: e.ts, role: e.role, content: scrubSecrets(e.content), hit })),
      }));
      problems.push(...found.problems.map((x) => `${x.file}:${x.line}: ${x.reason}`));
      return { query, entries, turns, problems: problems.map((x) => scrubSecrets(x)) };
    } finally {
      // A store the brain holds (PostgreSQL) is the brain's to close; one opened here is closed here.
      if (stores.episodes === 'sqlite') await opened.close();
    }
  }

  async learning(): Promise<LearningView> {
    const stats = await this.brain.memory.stats();
    const read = this.readLogs();
    const instincts: (Instinct & { scope: 'project' | 'global' })[] = [];
    const problems = [...stats.problems];
    for (const scope of this.project === null ? (['global'] as const) : (['project', 'global'] as const)) {
      const list = await this.brain.instincts.list({ scope, all: true });
      for (const i of list.instincts) instincts.push({ ...i, scope });
      problems.push(...list.problems);
    }
    const recipeStore = new FileRecipeStore({ root: this.brain.paths.skillsDir });
    const listed = recipeStore.list();
    for (const r of listed.problems) problems.push(`${r.file}${r.field === null ? '' : `: ${r.field}`}: ${r.reason}`);
    const recipes = [...listed.recipes].sort((a, b) => b.confidence - a.confidence).map((r) => ({ ...r, text: formatRecipe(r) }));
    const sessions = sessionRows(read).rows.slice().reverse();
    // Instincts, recipes and the audit's stale entries are read from files a hand may have edited: shown scrubbed too (nothing here is acted on by id).
    return { stats: scrubStrings(stats), instincts: scrubStrings(instincts), recipes: scrubStrings(recipes), confidence: scrubStrings(confidenceOverTime(read.logs)), sessions, problems: problems.map((p) => scrubSecrets(p)) };
  }

  /** `engram replay LOG --check` and, with `params` (a what-if file's text), `--params`. */
  replay(id: string, params: string | null): ReplayView {
    const file = this.logFile(id);
    if (file === null) return { ok: false, logId: id, error: `no session log named ${id}` };
    let paramsError: string | null = null;
    let whatIf: ReturnType<typeof parseWhatIfParams> | undefined;
    if (params !== null && params.trim() !== '') {
      try {
        whatIf = parseWhatIfParams(params, 'what-if params');
      } catch (err) {
        paramsError = err instanceof Error ? err.message : String(err);
      }
    }
    const r = replayLogFile(file, { check: true, ...(whatIf === undefined ? {} : { whatIf }) });
    if (!r.ok) return { ok: false, logId: id, error: r.error instanceof Error ? r.error.message : String(r.error) };
    return { ok: true, logId: id, replay: scrubStrings(r.replay), problems: r.problems.map((x) => scrubSecrets(formatProblem(x))), paramsError };
  }

  /** Memory as every other surface opens it (`openMemory` over the brain's stores): the same gate, screen, queue and histories as `engram memory`. */
  private cortex(): Cortex {
    return openMemory(this.brain.stores, { mode: parseMemoryMode(this.env['ENGRAM_MEMORY_MODE']), embedder: this.brain.embedder });
  }

  /**
   * Adds an entry from the Memory page, or corrects one (`supersedes`: the old entry is retired into
   * the history when the new one is stored). Through the MCP memorize tool's own write path
   * (`Cortex.memorizeEntries`), so the write-time screen and the trust rules apply as they do to a
   * model's `memorize`: text that reads as an instruction is quarantined, copilot mode queues it,
   * secrets are scrubbed. The page has no path around the screen.
   */
  async memorize(entry: { readonly text: string; readonly kind: string; readonly scope: EngramScope; readonly supersedes?: string }): Promise<WriteOutcome> {
    const report = await this.cortex().memorizeEntries({ entries: [{ text: entry.text, kind: entry.kind, scope: entry.scope, ...(entry.supersedes === undefined ? {} : { supersedes: entry.supersedes }) }] });
    if (!report.ok) return { ok: false, message: report.message };
    const r = report.entries[0];
    if (r === undefined) return { ok: false, message: 'nothing was proposed' };
    return { ok: r.outcome !== 'refused', message: `${r.outcome}${r.reason === null ? '' : ` (${r.reason})`}: ${r.text}` };
  }

  /** `engram memory pending accept|reject ID`. */
  async decidePending(decision: Decision, id: string): Promise<WriteOutcome> {
    const cortex = this.cortex();
    if (decision === 'accept') {
      const { accepted, unknown } = await cortex.accept([id]);
      return unknown.length > 0 ? { ok: false, message: `nothing pending as ${id}` } : { ok: true, message: accepted.map((r) => `${r.status} ${r.entry?.text ?? ''}`).join('; ') };
    }
    const { rejected, unknown } = await cortex.reject([id]);
    return unknown.length > 0 ? { ok: false, message: `nothing pending as ${id}` } : { ok: true, message: rejected.map((r) => `rejected ${r.engram.text}`).join('; ') };
  }

  /** `engram memory quarantine accept|reject ID`. */
  async decideQuarantined(decision: Decision, id: string): Promise<WriteOutcome> {
    const cortex = this.cortex();
    if (decision === 'accept') {
      const { accepted, unknown } = await cortex.acceptQuarantined([id]);
      return unknown.length > 0 ? { ok: false, message: `nothing in quarantine as ${id}` } : { ok: true, message: accepted.map((r) => `${r.status} ${r.entry?.text ?? ''}`).join('; ') };
    }
    const { rejected, unknown } = await cortex.rejectQuarantined([id]);
    return unknown.length > 0 ? { ok: false, message: `nothing in quarantine as ${id}` } : { ok: true, message: rejected.map((r) => `rejected ${r.quarantineId}`).join('; ') };
  }

  /**
   * `engram memory forget SUBJECT` (preview) and `--yes` (apply): removes and redacts the subject
   * everywhere under the home and the project's `.engram` (docs/forget.md).
   */
  forget(subject: string, apply: boolean): Promise<ForgetReport> {
    return this.brain.memory.forget(subject, { apply });
  }

  /** `engram memory remove ID --scope S`: the store removes it and the removal is recorded for the audit. */
  async removeEntry(scope: EngramScope, id: string): Promise<WriteOutcome> {
    const p = this.brain.paths;
    const store = this.brain.stores.semantic[scope];
    if (store === null) return { ok: false, message: 'no project' };
    const snap = await store.read();
    const entry = [...snap.rules, ...snap.lessons, ...snap.identities].find((e) => e.id === id);
    if (entry === undefined) return { ok: false, message: `no ${scope} entry with id ${id}` };
    const result = await store.remove(id);
    if (result.outcome !== 'removed') return { ok: false, message: `${result.outcome} ${id}` };
    await recordEvents(p.eventsDirOf(scope), Date.now(), [draft('hippocampus.engram.removed', { entryId: id, scope, text: entry.text, by: 'user' })]);
    return { ok: true, message: `removed ${id}: ${entry.text}` };
  }
}

/** The session logs among `read` as the Sessions list shows them, newest first (commands' logs are not sessions). */
const sessionRows = (read: EventLogs): { readonly rows: readonly SessionRow[]; readonly problems: readonly string[] } => {
  const rows: SessionRow[] = [];
  read.files.forEach((file, i) => {
    const events = read.logs[i] ?? [];
    if (!isSessionLog(events)) return;
    const row = { ...sessionRow(basename(file, '.jsonl'), file, events), live: sessionHeld(file) };
    rows.push(row.firstMessage === null ? row : { ...row, firstMessage: scrubSecrets(row.firstMessage) });
  });
  return { rows: rows.reverse(), problems: read.problems };
};

/** A log file's timeline: `engram view --html` reads logs given by path, the server by session id. */
export const timelineOfFile = (file: string): SessionTimeline => {
  const read = readLogFile(file);
  const events = read.events.map((e) => ({ ...e, data: scrubStrings(e.data) }) as AnyEnvelope);
  const id = basename(file, '.jsonl');
  return { row: { ...sessionRow(id, file, events), live: sessionHeld(file) }, items: timelineItems(events), problems: read.problems.map((p) => scrubSecrets(formatProblem(p))) };
};
