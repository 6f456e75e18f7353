#!/usr/bin/env node
// Thin launcher: the CLI runs from built JavaScript so that hooks can start it per tool call quickly.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('engram: the CLI is not built yet. Run `npm run build` (or `npm start` / `npm test`) in the repository first.\n');
  // 1, not 2: a Claude Code PreToolUse hook that exits 2 blocks the tool call, and an unbuilt
  // engram must never stop the user's agent (hooks fail open).
  process.exit(1);
}
const argv = process.argv.slice(2);
// `engram --version` prints the version of the package this launcher belongs to, read beside it:
// no commander and no command modules to load. It reads no setting, so an ENGRAM_* typo does not
// stop it; every other command still checks them.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  // `engram hook <name>` runs once or twice per tool call: it goes straight to the small hook client
  // (no commander, no runtime) unless its arguments are not a plain hook call.
  const fast = argv[0] === 'hook' ? await (await import(new URL('../dist/hook/hook-fast-path.js', import.meta.url).href)).hookFastPath(argv.slice(1)) : null;
  if (fast !== null) process.exitCode = fast;
  else {
    const { run } = await import(main.href);
    process.exitCode = await run(argv);
  }
}
