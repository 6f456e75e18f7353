/**
 * The episodic-memory API these suites use. It points at the package's episodes barrel until
 * `@engram/hippocampus` re-exports it; then this file becomes `export * from '@engram/hippocampus'`.
 */
export * from '../../packages/regions/hippocampus/src/episodes/index.js';
