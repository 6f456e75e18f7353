import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const kernel = join(dirname(fileURLToPath(import.meta.url)), '../../packages/kernel/dist/index.js');

/**
 * Every hook process imports the kernel; secretlint's preset (a large bundle) must load only
 * when a text first needs one of its rules. Runs the built kernel in a fresh Node process that
 * sees every module load: ES imports through a resolve hook (reported over a message port), and
 * a \`require\` of the ES module through Node's module cache.
 */
const hook = `
let port;
export const initialize = (data) => { port = data.port; };
export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
};
`;
const probe = `
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const imported = [];
port1.on('message', (url) => imported.push(url));
port1.unref();
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
const cache = createRequire(import.meta.url).cache;
const settle = () => new Promise((done) => setTimeout(done, 200));
const loaded = async () => {
  await settle();
  const preset = (k) => k.includes('secretlint-rule-preset-recommend');
  return Object.keys(cache).some(preset) || imported.some(preset);
};
const { scrubSecrets } = await import(${JSON.stringify(kernel)});
const kernelSeen = imported.some((u) => u.endsWith('/kernel/dist/index.js'));
const atImport = await loaded();
const plain = scrubSecrets('Traceback (most recent call last):\\n  File "x.py", line 3\\nValueError: bad input');
const afterPlain = await loaded();
const key = ['S', 'G.', 'aB3dE5fG7hJ9kL1mN3pQ5r', '.', 'sT7uV9wX1yZ3aB5cD7eF9gH1jK3lM5nP7qR9sT1uV3w'].join('');
const scrubbed = scrubSecrets('mail key ' + key);
console.log(JSON.stringify({ kernelSeen, atImport, afterPlain, afterKey: await loaded(), plainKept: plain.startsWith('Traceback'), scrubbed }));
`;

describe('the secretlint preset is loaded lazily', () => {
  it('is not loaded by importing the kernel nor by text without a preset keyword, and is loaded when a text needs a rule', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(out.trim())).toEqual({ kernelSeen: true, atImport: false, afterPlain: false, afterKey: true, plainKept: true, scrubbed: 'mail key [REDACTED:sendgrid]' });
  });
});
