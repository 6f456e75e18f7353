/**
 * Child script for the keep-alive test: runs one cell, closes every pad, then prints. If closing
 * let the event loop empty while it waited for the pad to exit, Node would exit before the print.
 */
import { createScratchpadHost } from '@engram/scratchpad';

const host = createScratchpadHost({ timeoutMs: 10_000, inactivityMs: 5_000 });
const r = await host.exec({ pad: 'p', code: 'print(1)', runtime: 'python' });
await host.closeAll();
process.stdout.write(`after close: ${r.stdout.trim()}\n`);
