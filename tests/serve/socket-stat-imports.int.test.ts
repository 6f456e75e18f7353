// Node (20.x) keeps the last plain stat in a shared buffer that its module loaders' realpath reads:
// after engram stat-ed its service's socket, the next import() of a package behind pnpm's links
// failed halfway (`engram view` with a service running: "Cannot find module 'graceful-fs'"; a
// long-running service's late import('pg'): "Cannot find package 'pg-types'"). The socket checks
// stat through the bigint buffer (lstatSocket); this runs the real sequence in a fresh process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Asks a service socket (a real one, answering one line), then loads the web app's package for the first time. */
const SCRIPT = `
import { createServer } from 'node:net';
const { callService } = await import('@engram/serve/client');
const server = createServer((c) => c.on('data', () => c.end('{"v":1,"kind":"error","error":"busy"}\\n')));
await new Promise((ok) => server.listen(process.env.SOCK, ok));
const r = await callService(process.env.SOCK, { v: 1, kind: 'ping' }, 5000);
server.close();
await import('@engram/view');
await import('@engram/runtime');
console.log(r.kind, 'imports ok');
`;

describe('stat-ing the service socket', () => {
  it('leaves module resolution intact: packages behind links still import after a call to the service', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-sock-'));
    dirs.push(dir);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: join(ROOT, 'apps/cli'), env: { ...process.env, SOCK: join(dir, 's.sock') }, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('answer imports ok');
  });
});
