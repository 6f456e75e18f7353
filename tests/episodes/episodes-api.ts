/** The episodic-memory API these suites use. */
export * from '@engram/hippocampus';
