// Hooks spawned by tests run in-process unless a suite opts in (tests/serve sets ENGRAM_SERVE to
// ''): otherwise every temp home would leave a detached `engram serve` behind, idle for 15 min.
process.env.ENGRAM_SERVE ??= '0';
