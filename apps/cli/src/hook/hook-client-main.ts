// The served-hook client as a program: dist/bundle/hook-client/hook-client-main.cjs, which
// bin/engram starts as `node hook-client-main.cjs hook NAME ...` when the home's `engram serve`
// has a socket.
import { fileURLToPath } from 'node:url';
import { servedHookClient } from '@engram/serve/client';

// bin/engram set NODE_EXTRA_CA_CERTS aside (only a socket here): back for all the client starts.
const caCerts = process.env['ENGRAM_NODE_EXTRA_CA_CERTS'];
delete process.env['ENGRAM_NODE_EXTRA_CA_CERTS'];
if (caCerts && !process.env['NODE_EXTRA_CA_CERTS']) process.env['NODE_EXTRA_CA_CERTS'] = caCerts;

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
void servedHookClient(process.argv.slice(3), { engram: file('../../bin/engram'), launcher: file('../../bin/engram.js'), caller: fileURLToPath(import.meta.url) }).then((code) => {
  process.exitCode = code;
});
