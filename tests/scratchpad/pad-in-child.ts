/**
 * Child script for the boundary tests: the "engram process" of a test. It creates a scratchpad
 * host, runs one cell and prints the result as one JSON line, then ends as the argument says:
 * `close` (closeAll, then exit), `exit` (process.exit with the pad still alive), `kill` (SIGKILL
 * itself, so no exit hook runs).
 *
 * argv: runtime, how-to-end, cell code; options as JSON in PAD_TEST_OPTIONS (a test variable the
 * pad never sees: its name is not on the allow-list).
 */
import { execFileSync } from 'node:child_process';
import { createScratchpadHost, type ScratchpadHostOptions, type ScratchpadRuntime } from '@engram/scratchpad';

const [runtime, end, code] = process.argv.slice(2) as [ScratchpadRuntime, 'close' | 'exit' | 'kill', string];
const options = JSON.parse(process.env['PAD_TEST_OPTIONS'] ?? '{}') as ScratchpadHostOptions;
const host = createScratchpadHost({ timeoutMs: 20_000, inactivityMs: 10_000, ...options });
const result = await host.exec({ pad: 'p', runtime, code });
// What engram itself still sees after its environ block was scrubbed: its own process.env, and
// what a child it starts (not a pad) inherits. Both must still hold the key it needs.
const hostKey = process.env['ANTHROPIC_API_KEY'] ?? null;
const childKey = execFileSync('/bin/sh', ['-c', 'printf %s "$ANTHROPIC_API_KEY"'], { encoding: 'utf8' });
process.stdout.write(`${JSON.stringify({ result, hostPid: process.pid, isolation: host.isolation(), hostKey, childKey })}\n`);
if (end === 'close') {
  await host.closeAll();
} else if (end === 'exit') {
  process.exit(0);
} else {
  process.kill(process.pid, 'SIGKILL');
}
