#!/usr/bin/env node
// Thin launcher: the CLI runs from built JavaScript so that hooks can start it per tool call quickly.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('engram: the CLI is not built yet. Run `npm run build` (or `npm start` / `npm test`) in the repository first.\n');
  // 1, not 2: a Claude Code PreToolUse hook that exits 2 blocks the tool call, and an unbuilt
  // engram must never stop the user's agent (hooks fail open).
  process.exit(1);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
