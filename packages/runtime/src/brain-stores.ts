import { InstinctStore, type InstinctStorePort } from '@engram/basal-ganglia';
import type { PendingStore, QuarantinePort } from '@engram/cortex';
import type { AnyEnvelope } from '@engram/events';
import type { EngramPaths } from '@engram/fs';
import { FileRecipeStore, FileSkillStore, type EpisodeStore, type MemoryHistoryStore, type RecipeStore, type SkillStore, type TextVectorCache } from '@engram/hippocampus';
import type { Clock, EngramScope, SemanticStore, SubjectMatcher } from '@engram/kernel';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { join } from 'node:path';
import { auditLogDirs } from './audit/audit-log-dirs.js';
import { fileAnalysisState } from './effects/file-analysis-state.js';
import { holdFileSessionLease } from './effects/hold-file-session-lease.js';
import { fileSessionLogs } from './effects/file-session-logs.js';
import { fileMemoryStores } from './open/file-memory-stores.js';
import type { AnalysisStateStore } from './instincts/analysis-state-store.js';
import type { SessionLogs } from './session-logs.js';

/** A session's event log as the session writes it: batches in order, then read back whole. */
export interface SessionLogWriter {
  /** Where the log is: a JSONL file, or `postgres:TENANT/events/SESSION`. */
  readonly location: string;
  /** Appends a batch; a batch sent again after a lost connection adds nothing twice (idempotent by event id). */
  append(batch: readonly AnyEnvelope[]): Promise<unknown>;
  /** Makes what was appended durable (an fsync for a file; a database commits each append). */
  sync(): void;
  close(): void;
  /** The session's events as stored. */
  read(): Promise<readonly AnyEnvelope[]>;
}

/** Lets go of a session held by `BrainStores.holdSession` (after the session is suspended). */
export type SessionLease = () => Promise<void>;

/** What forgetting did (or would do) to one session's log in a store. */
export interface EventLogRedaction {
  /** Where the session's log is (`SessionLogWriter.location`). */
  readonly location: string;
  readonly events: number;
  readonly occurrences: number;
  readonly seqs: readonly number[];
}

/**
 * Where a brain keeps everything it learns, chosen once by the runtime (the only package that
 * knows backends): the files under `$ENGRAM_HOME` and `<project>/.engram` (the default), or
 * PostgreSQL (`openBrainStores`, when a store URL is set). Regions and the CLI see only the ports.
 */
export interface BrainStores {
  readonly kind: 'files' | 'postgres';
  /** Where, for messages: the home folder, or the store URL without its password and the tenant. */
  readonly location: string;
  /** Semantic memory of both scopes (project null outside a project). */
  readonly semantic: { readonly global: SemanticStore; readonly project: SemanticStore | null };
  /** Where retired (superseded) entries are kept, per scope (project null outside a project). */
  readonly histories: { readonly global: MemoryHistoryStore; readonly project: MemoryHistoryStore | null };
  readonly skills: SkillStore;
  readonly recipes: RecipeStore;
  readonly pending: PendingStore;
  /** Proposals the write-time screen held (instruction-like), beside the pending queue; shown to a person only. */
  readonly quarantine: QuarantinePort;
  instincts(scope: EngramScope): InstinctStorePort;
  eventLog(sessionId: string): SessionLogWriter;
  /**
   * Holds a session for one host at a time, for as long as that host keeps it open (a chat):
   * two hosts on one session would number their next turn alike and each send a history missing
   * the other's turns. A lock file beside the log, or a PostgreSQL advisory lock seen by every
   * machine. 'taken' when another live host holds it; a holder that died frees it.
   */
  holdSession(sessionId: string): Promise<SessionLease | 'taken'>;
  /** The stored session logs, listed and read back (the habit loop and the memory audit read them). */
  readonly logs: SessionLogs;
  /** Where the habit loop keeps a scope's incremental analysis (a cache of `logs`). */
  analysisState(scope: EngramScope): AnalysisStateStore;
  /**
   * `engram memory forget` on the event log of a store that keeps it (PostgreSQL): the subject
   * redacted from every session's events as `redactLogFile` does to a JSONL log, per session, with
   * a `store.log.redacted` record when `apply`. Null for the files: forget walks their folders.
   */
  readonly redactEvents: ((matcher: SubjectMatcher, options: { readonly marker: string; readonly apply: boolean }) => Promise<readonly EventLogRedaction[]>) | null;
  /**
   * Episodes (per project): `sqlite`, the session writes the project's JSONL files and recalls
   * through their FTS5 index; or the project's `EpisodeStore` (PostgreSQL, the project keyed by
   * its stable id), null outside a project, where the files keep none either.
   */
  readonly episodes: 'sqlite' | EpisodeStore | null;
  /** Where memory entries' vectors are kept when an embedder is configured (a SQLite file under the home's index folder, or PostgreSQL). */
  readonly textVectors?: TextVectorCache;
  /** Releases connections (nothing for files). */
  close(): Promise<void>;
}

/** What memory is opened over (`openMemory`): the entries, their histories, the held proposals and the entries' vectors. */
export type MemoryStores = Pick<BrainStores, 'semantic' | 'histories' | 'pending' | 'quarantine' | 'textVectors'>;

/** A session's JSONL log file as a `SessionLogWriter`. */
export const fileLogWriter = (file: string, sessionId: string): SessionLogWriter => {
  const writer = new JsonlLogWriter(file, sessionId);
  return {
    location: file,
    append: (batch) => writer.append(batch),
    sync: () => writer.sync(),
    close: () => writer.close(),
    read: () => Promise.resolve(readLogFile(file).events),
  };
};

/** The default: every store in its file, exactly as before there was a choice. */
export const fileBrainStores = (paths: EngramPaths, clock: Clock): BrainStores => ({
  kind: 'files',
  location: paths.home,
  ...fileMemoryStores(paths, clock),
  skills: new FileSkillStore({ root: paths.skillsDir, clock }),
  recipes: new FileRecipeStore({ root: paths.skillsDir }),
  instincts: (scope) => new InstinctStore(paths.instinctsDir(scope)),
  eventLog: (sessionId) => fileLogWriter(join(paths.eventsDir, `${sessionId}.jsonl`), sessionId),
  holdSession: (sessionId) => holdFileSessionLease(join(paths.eventsDir, `${sessionId}.jsonl`)),
  logs: fileSessionLogs(auditLogDirs(paths)),
  analysisState: (scope) => fileAnalysisState(paths.instinctsDir(scope)),
  redactEvents: null,
  episodes: 'sqlite',
  close: () => Promise.resolve(),
});
