import { statSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';

// Hooks spawned by tests run in-process unless a suite opts in (tests/serve sets ENGRAM_SERVE to
// ''): otherwise every temp home would leave a detached `engram serve` behind, idle for 15 min.
process.env.ENGRAM_SERVE ??= '0';
// `npx vitest` runs under pnpm's bin shim, which sets NODE_PATH to pnpm's hoisted packages: a
// process a test starts would find there a module that a user's process, without it, does not
// (tests/cli/hook-from-dist.e2e.test.ts). The processes tests start run as a user's do.
delete process.env['NODE_PATH'];

// Node 20 keeps the last plain stat in one shared buffer, which its realpath reads for the path
// parts it has cached (nodejs/node#51142). A cleanup that removes a folder holding a socket (a
// killed service's; `rmSync` stats each entry) leaves a socket's type there, and the next test
// file's imports in this worker then resolve pnpm's links halfway ("Cannot find package
// 'expect-type' imported from .../node_modules/vitest/dist/index.js"). A stat of a plain file
// after every test, and after the file's own cleanup, puts a plain file's type back.
const plainStat = () => void statSync(import.meta.filename);
afterEach(plainStat);
afterAll(plainStat);
