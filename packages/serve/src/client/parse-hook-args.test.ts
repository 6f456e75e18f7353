import { describe, expect, it } from 'vitest';
import { parseHookArgs } from './parse-hook-args.js';

describe('parseHookArgs (the hook fast path and the served-hook client)', () => {
  it('takes a plain hook call with its flags, in both spellings', () => {
    expect(parseHookArgs(['pre-tool-use'])).toEqual({ name: 'pre-tool-use', flags: {} });
    expect(parseHookArgs(['stop', '--project', '/p', '--home=/h'])).toEqual({ name: 'stop', flags: { project: '/p', home: '/h' } });
    expect(parseHookArgs(['stop', '--store', 'postgres://db/engram', '--tenant=acme'])).toEqual({ name: 'stop', flags: { store: 'postgres://db/engram', tenant: 'acme' } });
  });

  it('leaves everything else to the full command line', () => {
    for (const args of [[], ['pre-tool-call'], ['stop', '--help'], ['stop', '--project'], ['stop', '--home', '/a', '--home', '/b'], ['stop', 'extra'], ['stop', '--project='], ['stop', '--tenant'], ['stop', '--store', 'a', '--store=b']]) expect(parseHookArgs(args)).toBeNull();
  });
});
