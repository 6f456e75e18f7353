// Hooks spawned by tests run in-process unless a suite opts in (tests/serve sets ENGRAM_SERVE to
// ''): otherwise every temp home would leave a detached `engram serve` behind, idle for 15 min.
process.env.ENGRAM_SERVE ??= '0';
// `npx vitest` runs under pnpm's bin shim, which sets NODE_PATH to pnpm's hoisted packages: a
// process a test starts would find there a module that a user's process, without it, does not
// (tests/cli/hook-from-dist.e2e.test.ts). The processes tests start run as a user's do.
delete process.env['NODE_PATH'];
