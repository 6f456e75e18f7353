/**
 * The procedural-memory API these suites use. It points at the package's skills barrel until
 * `@engram/hippocampus` re-exports it; then this file becomes `export * from '@engram/hippocampus'`.
 */
export * from '../../packages/regions/hippocampus/src/skills/index.js';
export { handleRecallSkill } from '../../packages/regions/hippocampus/src/tools/recall-skill-tool.js';
