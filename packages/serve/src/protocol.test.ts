import { describe, expect, it } from 'vitest';
import { parseRequest } from './protocol.js';

describe('parseRequest', () => {
  it('reads a hook request and a ping', () => {
    expect(parseRequest('{"v":1,"kind":"hook","event":"stop","payload":"{}","flags":{"home":"/h"},"env":{"ENGRAM_ACC_MODE":"active"}}')).toMatchObject({ kind: 'hook', event: 'stop', flags: { home: '/h' } });
    expect(parseRequest('{"v":1,"kind":"ping"}')).toEqual({ v: 1, kind: 'ping' });
  });

  it('refuses another protocol version, text that is not JSON, and names a bad field', () => {
    expect(() => parseRequest('{"v":2,"kind":"ping"}')).toThrow('request: protocol version 2 is not spoken here (this service speaks 1)');
    expect(() => parseRequest('{nope')).toThrow(/^request: not valid JSON/);
    expect(() => parseRequest('{"v":1,"kind":"hook","event":"stop","payload":7,"flags":{},"env":{}}')).toThrow(/field "payload"/);
    expect(() => parseRequest('{"v":1,"kind":"hook","event":"stop","payload":"{}","flags":{"cwd":"/x"},"env":{}}')).toThrow(/field "flags"/);
  });
});
