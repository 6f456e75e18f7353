// The served-hook client as a program: dist/bundle/hook-client/hook-client-main.cjs, which
// bin/engram starts as `node hook-client-main.cjs hook NAME ...` when the home's `engram serve`
// has a socket.
import { hookClient } from './hook-client.js';

void hookClient(process.argv.slice(3)).then((code) => {
  process.exitCode = code;
});
