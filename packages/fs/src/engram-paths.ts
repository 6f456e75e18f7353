import type { EngramScope } from '@engram/kernel';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isUnder } from './contain-path.js';

/** The folder every project keeps engram's files in. */
export const PROJECT_DIR_NAME = '.engram';
/** Names of the files and folders under a root (DESIGN.md, "Where files live"). */
export const ENGRAM_FILE_NAMES = {
  memory: 'memory',
  skills: 'skills',
  instincts: 'instincts',
  events: 'events',
  episodes: 'episodes',
  index: 'index',
  hooks: 'hooks',
  episodeIndex: 'episodes.sqlite',
  pendingMemory: 'pending-memory.json',
  /** Retired (superseded) entries of a memory folder, one JSON object a line; Anton ignores the file. */
  memoryHistory: 'history.jsonl',
  quarantine: 'quarantine.json',
  config: 'config.json',
  projectInstructions: 'engram.md',
  hookSessions: 'sessions.json',
  guards: 'guards.json',
  fallbacks: 'fallbacks.json',
} as const;

export interface EngramPathsOptions {
  /** `--home DIR`; else `$ENGRAM_HOME`; else `~/.engram`. */
  readonly home?: string | undefined;
  /** `--project DIR`, or null/undefined for a session outside any project. */
  readonly project?: string | null | undefined;
  /** Relative flags resolve against this (default: the working directory). */
  readonly cwd?: string;
}

/**
 * Where every engram file lives: the only place `$ENGRAM_HOME`, `<project>/.engram` and the
 * names below them are spelled out. Pure: it names paths and touches no file.
 */
export interface EngramPaths {
  /** The global root (`$ENGRAM_HOME`, default `~/.engram`). */
  readonly home: string;
  /** The project folder, or null for sessions outside a project. */
  readonly project: string | null;
  /** `<project>/.engram`, or null. */
  readonly projectDir: string | null;
  /** Where this session's event logs go: the project's `.engram/events`, else the global `events`. */
  readonly eventsDir: string;
  readonly globalEventsDir: string;
  readonly projectEventsDir: string | null;
  readonly globalMemoryDir: string;
  readonly projectMemoryDir: string | null;
  /** Procedural memory (skills and recovery recipes) is global. */
  readonly skillsDir: string;
  readonly globalInstinctsDir: string;
  readonly projectInstinctsDir: string | null;
  /** Episodes are per project. */
  readonly episodesDir: string | null;
  readonly episodeIndexFile: string | null;
  readonly globalIndexDir: string;
  /** The cortex's pending queue: the project's when there is a project, else the global one. */
  readonly pendingMemoryFile: string;
  /** Proposals held for looking instructions-like (docs/memory-trust.md): beside the pending queue. */
  readonly quarantineFile: string;
  readonly globalConfigFile: string;
  readonly projectConfigFile: string | null;
  /** The user's project instructions (`<project>/.engram/engram.md`). */
  readonly projectInstructionsFile: string | null;
  readonly hooksDir: string | null;
  readonly hookSessionsFile: string | null;
  readonly guardsFile: string | null;
  readonly fallbacksFile: string | null;
  /** The semantic memory folder of a scope (throws for `project` without a project). */
  memoryDir(scope: EngramScope): string;
  instinctsDir(scope: EngramScope): string;
  eventsDirOf(scope: EngramScope): string;
  /**
   * The trusted folder containment checks a path against: the project folder for paths in
   * `<project>/.engram` (so a linked `.engram` is refused too), else the home. Throws for a
   * path under neither.
   */
  rootOf(path: string): string;
}

/** `$ENGRAM_HOME`, else `~/.engram`, resolved against `cwd`. */
export const resolveEngramHome = (home: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env, cwd: string = process.cwd()): string => {
  const fromEnv = env['ENGRAM_HOME'];
  return resolve(cwd, home ?? (fromEnv === undefined || fromEnv === '' ? join(homedir(), PROJECT_DIR_NAME) : fromEnv));
};

/** `<project>/.engram`. */
export const projectEngramDir = (project: string): string => join(resolve(project), PROJECT_DIR_NAME);

/** Resolves the roots as DESIGN.md's storage table says: flags, then environment, then defaults. */
export const engramPaths = (opts: EngramPathsOptions = {}, env: Readonly<Record<string, string | undefined>> = process.env): EngramPaths => {
  const cwd = opts.cwd ?? process.cwd();
  const N = ENGRAM_FILE_NAMES;
  const home = resolveEngramHome(opts.home, env, cwd);
  const project = opts.project === null || opts.project === undefined || opts.project === '' ? null : resolve(cwd, opts.project);
  const projectDir = project === null ? null : join(project, PROJECT_DIR_NAME);
  const inProject = (...parts: string[]): string | null => (projectDir === null ? null : join(projectDir, ...parts));
  const needProject = (what: string): string => {
    if (projectDir === null) throw new Error(`project ${what} needs a project folder (--project DIR)`);
    return projectDir;
  };
  return {
    home,
    project,
    projectDir,
    eventsDir: projectDir === null ? join(home, N.events) : join(projectDir, N.events),
    globalEventsDir: join(home, N.events),
    projectEventsDir: inProject(N.events),
    globalMemoryDir: join(home, N.memory),
    projectMemoryDir: inProject(N.memory),
    skillsDir: join(home, N.skills),
    globalInstinctsDir: join(home, N.instincts),
    projectInstinctsDir: inProject(N.instincts),
    episodesDir: inProject(N.episodes),
    episodeIndexFile: inProject(N.index, N.episodeIndex),
    globalIndexDir: join(home, N.index),
    pendingMemoryFile: join(projectDir ?? home, N.pendingMemory),
    quarantineFile: join(projectDir ?? home, N.quarantine),
    globalConfigFile: join(home, N.config),
    projectConfigFile: inProject(N.config),
    projectInstructionsFile: inProject(N.projectInstructions),
    hooksDir: inProject(N.hooks),
    hookSessionsFile: inProject(N.hooks, N.hookSessions),
    guardsFile: inProject(N.guards),
    fallbacksFile: inProject(N.fallbacks),
    memoryDir: (scope) => (scope === 'project' ? join(needProject('memory'), N.memory) : join(home, N.memory)),
    instinctsDir: (scope) => (scope === 'project' ? join(needProject('instincts'), N.instincts) : join(home, N.instincts)),
    eventsDirOf: (scope) => (scope === 'project' ? join(needProject('events'), N.events) : join(home, N.events)),
    rootOf: (path) => {
      if (projectDir !== null && project !== null && isUnder(projectDir, path)) return project;
      if (isUnder(home, path)) return home;
      throw new Error(`${resolve(path)} is neither under ${home} nor under a project's ${PROJECT_DIR_NAME} folder`);
    },
  };
};

/**
 * The containment root of a folder a store owns, found from the path alone (for stores handed
 * only their folder): the home (`$ENGRAM_HOME`, default `~/.engram`, which the user may have
 * made a link) when the folder is under it; else the project folder when the path runs through
 * a `.engram` folder (so a linked `.engram` is refused too); else the folder's parent.
 */
export const rootForDir = (dir: string, env: Readonly<Record<string, string | undefined>> = process.env): string => {
  const abs = resolve(dir);
  const home = resolveEngramHome(undefined, env);
  if (isUnder(home, abs) && abs !== home) return home;
  const parts = abs.split('/');
  const at = parts.lastIndexOf(PROJECT_DIR_NAME);
  if (at > 0) return parts.slice(0, at).join('/') || '/';
  return resolve(abs, '..');
};
