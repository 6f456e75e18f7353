import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loopbackRequestProblem } from './loopback-host.js';

describe('loopback checks of the HTTP server', () => {
  it('knows the loopback names and addresses, and nothing else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.4', '10.0.0.1', 'localhost.evil.example', '128.0.0.1', 'example.com']) expect(isLoopbackHost(h)).toBe(false);
  });

  it('answers local clients and refuses foreign Host or Origin headers (DNS rebinding, web pages)', () => {
    expect(loopbackRequestProblem('127.0.0.1:3917', undefined)).toBeNull();
    expect(loopbackRequestProblem('[::1]:3917', undefined)).toBeNull();
    expect(loopbackRequestProblem('localhost:3917', 'http://localhost:5173')).toBeNull();
    expect(loopbackRequestProblem('evil.example:3917', undefined)).toMatch(/Host/);
    expect(loopbackRequestProblem(undefined, undefined)).toMatch(/Host/);
    expect(loopbackRequestProblem('127.0.0.1:3917', 'https://evil.example')).toMatch(/evil\.example/);
    expect(loopbackRequestProblem('127.0.0.1:3917', 'null')).toMatch(/opaque/);
  });
});
