// The served-hook client as a program: dist/bundle/hook-client/hook-client-main.cjs, which
// bin/engram starts as `node hook-client-main.cjs hook NAME ...` when the home's `engram serve`
// has a socket.
import { fileURLToPath } from 'node:url';
import { servedHookClient } from '@engram/serve/client';

// bin/engram set NODE_EXTRA_CA_CERTS aside (the client talks over a socket only): back for the
// service it starts and for a hook it hands back to bin/engram.
const caCerts = process.env['ENGRAM_NODE_EXTRA_CA_CERTS'];
if (caCerts !== undefined) {
  if (caCerts !== '' && !process.env['NODE_EXTRA_CA_CERTS']) process.env['NODE_EXTRA_CA_CERTS'] = caCerts;
  delete process.env['ENGRAM_NODE_EXTRA_CA_CERTS'];
}

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
void servedHookClient(process.argv.slice(3), { engram: file('../../bin/engram'), launcher: file('../../bin/engram.js'), caller: fileURLToPath(import.meta.url) }).then((code) => {
  process.exitCode = code;
});
