/** The procedural-memory API these suites use. */
export * from '@engram/hippocampus';
